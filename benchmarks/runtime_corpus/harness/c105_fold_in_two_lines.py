from rt import *
n = "c105_fold_in_two_lines"; m, _, _ = load(n)
a = m.episode_noise(0, jnp.zeros(4)); b = m.episode_noise(1, jnp.zeros(4))
verdict(n, bool(jnp.allclose(a, b)), f"episodes 0 and 1 get different noise: {not bool(jnp.allclose(a, b))}")
