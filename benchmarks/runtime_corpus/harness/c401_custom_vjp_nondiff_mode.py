from rt import *
n = "c401_custom_vjp_nondiff_mode"; m, _, _ = load(n)
e = raises(jax.grad(m.loss), jnp.array([3.0, 0.2])); e2 = raises(jax.jit(jax.grad(m.loss)), jnp.array(3.0))
g = jax.grad(m.loss)(jnp.array([3.0, 0.2])) if e is None else None
verdict(n, e is not None or e2 is not None or not np.allclose(g, [1.0, 0.4]), [ename(e), ename(e2), g])
