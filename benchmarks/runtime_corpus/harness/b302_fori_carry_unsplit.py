from rt import *
n = "b302_fori_carry_unsplit"; m, _, _ = load(n, key_reuse=True)
e = raises(m.random_walk, jax.random.key(0), jnp.zeros(2))
verdict(n, key_reuse_error(e), ename(e))
