from rt import *
n = "b301_augment_flip_and_noise"; m, _, _ = load(n, key_reuse=True)
keys = jax.random.split(jax.random.PRNGKey(0), 2)
e = raises(m.augment_batch, keys, jnp.ones((2, 3, 3)))
verdict(n, key_reuse_error(e), f"{ename(e)}: {str(e)[:120]}")
