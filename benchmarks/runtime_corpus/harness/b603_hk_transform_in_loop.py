from rt import *
import haiku as hk
n = "b603_hk_transform_in_loop"; m, _, _ = load(n)
params = hk.without_apply_rng(hk.transform(m.forward)).init(jax.random.key(0), jnp.ones((4, 3)))
batches = [(jnp.ones((4, 3)) * i, jnp.ones((4, 1))) for i in range(5)]
m.evaluate(params, batches)  # warm-up pass
tc = TraceCounter()
with tc:
    m.evaluate(params, batches)
verdict(n, tc.n >= 5, f"{tc.n} compilations on a second pass over 5 same-shape batches")
