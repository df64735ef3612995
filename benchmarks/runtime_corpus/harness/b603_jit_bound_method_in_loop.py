from rt import *
n = "b603_jit_bound_method_in_loop"; m, _, _ = load(n)
tc = TraceCounter()
probe = m.LinearProbe(3)
bs = [(jnp.ones((4, 3)) * i, jnp.zeros(4, int)) for i in range(4)]
m.evaluate(probe, jnp.eye(3), bs[:1])
with tc:
    m.evaluate(probe, jnp.eye(3), bs)
verdict(n, tc.n > 0, f"{tc.n} compiles for 4 same-shape batches after warm-up")
