from rt import *
n = "c101_lowercase_list_layer_sizes"; m, _, _ = load(n)
p = m.init(jax.random.PRNGKey(0), 3)
x = jnp.ones((2, 3))
a = m.forward(p, x); b = m.forward(p, x)
eager = m.forward.__wrapped__(p, x) if hasattr(m.forward, "__wrapped__") else a
verdict(n, not (jnp.allclose(a, eager) and jnp.allclose(a, b)) or a.shape != (2, 4), f"shape {a.shape}; matches eager")
