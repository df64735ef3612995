from rt import *
n = "b403_eqx_float_array_field"; m, _, _ = load(n)
model = m.TemperedHead(3, 2, jax.random.key(0))
e = raises(m.predict, model, jnp.ones((4, 3)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
