from rt import *
n = "b301_parent_after_split"; m, _, _ = load(n, key_reuse=True)
e = raises(m.sample_batch, jax.random.key(0), jnp.ones((10, 2)), 4)
verdict(n, key_reuse_error(e), ename(e))
