from rt import *
n = "b101_class_weights_copyto"; m, _, _ = load(n)
params = {"w": jax.random.normal(jax.random.PRNGKey(0), (4, 3)), "b": jnp.zeros(3)}
batch = (jax.random.normal(jax.random.PRNGKey(1), (12, 4)), jnp.array([0] * 8 + [1] * 3 + [2]))
out = m.epoch_losses(params, [batch], [[1, 1, 1], [8, 3, 1]])
with jax.disable_jit():
    ref = float(m.weighted_ce(params, *batch))
verdict(n, abs(out[1][0] - ref) > 1e-5, f"epoch2 jitted={out[1][0]:.5f} fresh={ref:.5f} weights={m.CLASS_WEIGHTS}")
