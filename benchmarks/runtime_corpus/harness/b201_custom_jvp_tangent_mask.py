from rt import *
n = "b201_custom_jvp_tangent_mask"; m, _, _ = load(n)
e = raises(jax.grad(m.loss), jnp.array([0.0, 4.0]))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
