from rt import *
n = "b603_factory_closure_in_loop"; m, _, _ = load(n)
tc = TraceCounter()
p = jnp.ones(2); bs = [(jnp.ones((3, 2)) * i, jnp.zeros(3)) for i in range(4)]
jnp.stack([jnp.zeros(())]); jnp.mean(jnp.ones(2))
with tc:
    m.evaluate(p, bs)
verdict(n, tc.n >= 4, f"{tc.n} compiles for 4 same-shaped batches")
