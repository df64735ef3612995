from rt import *
n = "b302_subkey_outside_loop"; m, _, _ = load(n)
s = m.collect_episodes(jax.random.PRNGKey(0), 3)
verdict(n, bool(jnp.allclose(s[0], s[1])), f"every episode same start: {bool(jnp.allclose(s[0], s[1]))}")
