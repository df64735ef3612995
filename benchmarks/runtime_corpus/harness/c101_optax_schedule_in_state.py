from rt import *
n = "c101_optax_schedule_in_state"; m, _, _ = load(n)
key = jax.random.PRNGKey(0)
params = [(jax.random.normal(key, (3, 8)) * 0.3, jnp.zeros(8)), (jax.random.normal(key, (8, 1)) * 0.3, jnp.zeros(1))]
x = jax.random.normal(key, (32, 3)); y = jnp.sum(x, axis=1, keepdims=True)
_, st, _ = m.fit(params, x, y, 101)
a, _, _ = m.sgd_step(params, st, x, y)
with jax.disable_jit():
    b, _, _ = m.sgd_step(params, st, x, y)
d = max(float(jnp.max(jnp.abs(u - v))) for u, v in zip(jax.tree.leaves(a), jax.tree.leaves(b)))
verdict(n, d > 1e-6, f"diff vs fresh trace {d:.3g}")
