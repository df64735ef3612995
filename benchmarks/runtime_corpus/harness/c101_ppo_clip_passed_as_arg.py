from rt import *
n = "c101_ppo_clip_passed_as_arg"; m, _, _ = load(n)
k = jax.random.split(jax.random.PRNGKey(0), 4)
params = {"w": jax.random.normal(k[0], (4, 3)), "b": jnp.zeros(3)}
obs = jax.random.normal(k[1], (16, 4)); act = jax.random.randint(k[2], (16,), 0, 3)
batch = (obs, act, jnp.full((16,), -1.5), jax.random.normal(k[3], (16,)))
m.train(params, [batch], 4)
m.CONFIG["clip_eps"] = 0.02
_, a = m.ppo_update(params, *batch, m.CONFIG["clip_eps"])
with jax.disable_jit():
    _, b = m.ppo_update(params, *batch, 0.02)
verdict(n, not np.allclose(a, b), f"{float(a):.6f} vs fresh {float(b):.6f}")
