from rt import *
n = "b201_hk_get_parameter_setitem"; m, _, _ = load(n)
e = raises(m.embed.init, jax.random.key(0), jnp.array([0, 1, 2]))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
