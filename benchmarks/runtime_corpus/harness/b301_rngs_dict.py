from rt import *
n = "b301_rngs_dict"; m, _, _ = load(n, key_reuse=True)
e = raises(m.forward, {"w": jnp.eye(3)}, jnp.ones(3), {"dropout": jax.random.key(0)})
verdict(n, key_reuse_error(e), ename(e))
