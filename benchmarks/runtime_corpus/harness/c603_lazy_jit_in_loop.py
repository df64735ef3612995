from rt import *
n = "c603_lazy_jit_in_loop"; m, _, _ = load(n)
tc = TraceCounter()
params, batches = jnp.ones(2), [jnp.ones((3, 2)) + i for i in range(4)]
with tc:
    m.evaluate(params, batches)
verdict(n, tc.n > 1, f"{tc.n} compiles for 4 batches")
