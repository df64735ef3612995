from rt import *
n = "c302_split_array_index"; m, _, _ = load(n, key_reuse=True)
e = raises(m.noisy_sgd, jax.random.PRNGKey(0), jnp.zeros(3), lambda w: 0.0 * w, 4)
m2, _, _ = load(n)
a = m2.noisy_sgd(jax.random.PRNGKey(0), jnp.zeros(3), lambda w: 0.0 * w, 1)
b = m2.noisy_sgd(jax.random.PRNGKey(0), jnp.zeros(3), lambda w: 0.0 * w, 2)
verdict(n, e is not None or bool(jnp.allclose(b - a, a)), f"checker {ename(e)}; step increments differ: {not bool(jnp.allclose(b - a, a))}")
