from rt import *
n = "c302_star_unpack_split_loop"; m, _, _ = load(n, key_reuse=True)
e = raises(m.rollout, jax.random.key(0), jnp.ones((2, 3)), 4)
verdict(n, e is not None, ename(e))
