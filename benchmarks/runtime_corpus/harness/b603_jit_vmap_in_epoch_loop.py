from rt import *
n = "b603_jit_vmap_in_epoch_loop"; m, _, _ = load(n)
p = {"w": jnp.ones((2, 1)), "b": jnp.zeros(1)}
batches = [(jnp.ones((4, 2)) * (i - 2), jnp.ones(4, bool)) for i in range(5)]
m.evaluate(p, batches[:1])
tc = TraceCounter()
with tc:
    m.evaluate(p, batches)
verdict(n, tc.n >= 5, f"{tc.n} compilations for 5 same-shape batches")
