from rt import *
n = "b301_vae_reparam_dropout_same_rng"; m, _, _ = load(n, key_reuse=True)
params = {"enc": jnp.ones((3, 4)), "dec": jnp.ones((2, 3))}
e = raises(m.apply_fn, params, jnp.ones((5, 3)), jax.random.key(0))
verdict(n, key_reuse_error(e), ename(e))
