from rt import *
n = "c301_rebinding_chain"; m, _, _ = load(n, key_reuse=True)
e = raises(m.sample_trajectory, jax.random.key(0), jnp.zeros(2))
verdict(n, e is not None, ename(e))
