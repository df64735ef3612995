from rt import *
n = "c105_jit_init_static_only"; m, _, _ = load(n)
a = m.init_params(3); b = m.init_params(3)
ref = m.model.init(jax.random.PRNGKey(0), jnp.zeros((1, 3)))
same = all(jax.tree.leaves(jax.tree.map(lambda u, v: bool(jnp.allclose(u, v)), a, ref)))
verdict(n, not same, f"jitted init equals eager seeded init: {same}")
