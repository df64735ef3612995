from rt import *
n = "b101_sgd_lr_schedule_global"; m, _, _ = load(n)
key = jax.random.PRNGKey(0)
params = m.init_mlp(key, [3, 8, 1])
x = jax.random.normal(key, (32, 3)); y = jnp.sum(x, axis=1, keepdims=True)
m.fit(params, x, y, 101)           # decays to 0.05 at step 100, after tracing
assert m.LEARNING_RATE == 0.05
stale, _ = m.sgd_step(params, x, y)
with jax.disable_jit():
    fresh, _ = m.sgd_step(params, x, y)
d = max(float(jnp.max(jnp.abs(a - b))) for a, b in zip(jax.tree.leaves(stale), jax.tree.leaves(fresh)))
verdict(n, d > 1e-6, f"max param diff stale vs fresh trace = {d:.3g}")
