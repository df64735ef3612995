from rt import *
n = "b301_key_passed_to_two_calls"; m, _, _ = load(n)
z1, z2 = m.generate_pair(jax.random.PRNGKey(3), jnp.zeros(3), jnp.zeros(3))
verdict(n, bool(jnp.allclose(z1, z2)), f"z1 == z2: {bool(jnp.allclose(z1, z2))}")
