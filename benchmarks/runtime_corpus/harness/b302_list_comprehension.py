from rt import *
n = "b302_list_comprehension"; m, _, _ = load(n)
ws = m.ensemble_init(jax.random.PRNGKey(0), 3, 2)
verdict(n, bool(jnp.allclose(ws[0], ws[1])), f"members identical: {bool(jnp.allclose(ws[0], ws[1]))}")
