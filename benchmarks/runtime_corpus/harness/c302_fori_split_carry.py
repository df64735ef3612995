from rt import *
n = "c302_fori_split_carry"; m, _, _ = load(n, key_reuse=True)
e = raises(jax.jit(m.random_walk, static_argnums=2), jax.random.key(0), jnp.zeros(2), 5)
verdict(n, e is not None, ename(e))
