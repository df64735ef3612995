from rt import *
n = "c603_prebuilt_partial_jit_in_loop"; m, _, _ = load(n)
gs = [jnp.ones(3) * i for i in range(6)]
tc = TraceCounter()
with tc:
    out = m.train(jnp.ones(3), gs)
verdict(n, tc.n >= 6, f"{tc.n} compiles for 6 steps")
