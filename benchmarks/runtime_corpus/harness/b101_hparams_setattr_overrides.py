from rt import *
n = "b101_hparams_setattr_overrides"; m, _, _ = load(n)
params = {"w": jax.random.normal(jax.random.PRNGKey(0), (5, 3))}
x = jax.random.normal(jax.random.PRNGKey(1), (16, 5)); y = jnp.arange(16) % 3
res = m.sweep(params, x, y, [0.0, 0.3])
with jax.disable_jit():
    ref = float(m.eval_loss(params, x, y))
verdict(n, abs(res[0.3] - ref) > 1e-5, f"smoothing=0.3: jitted={res[0.3]:.5f} fresh={ref:.5f} (0.0 -> {res[0.0]:.5f})")
