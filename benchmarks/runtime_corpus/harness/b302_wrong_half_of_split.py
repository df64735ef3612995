from rt import *
n = "b302_wrong_half_of_split"; m, _, _ = load(n, key_reuse=True)
e = raises(m.simulate, jax.random.key(0), jnp.zeros(2), 3)
verdict(n, key_reuse_error(e), ename(e))
