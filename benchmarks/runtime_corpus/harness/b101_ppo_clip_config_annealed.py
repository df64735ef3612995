from rt import *
n = "b101_ppo_clip_config_annealed"; m, _, _ = load(n)
k = jax.random.split(jax.random.PRNGKey(0), 4)
params = {"w": jax.random.normal(k[0], (4, 3)), "b": jnp.zeros(3)}
obs = jax.random.normal(k[1], (16, 4)); act = jax.random.randint(k[2], (16,), 0, 3)
old_logp = jnp.full((16,), -1.5); adv = jax.random.normal(k[3], (16,))
batch = (obs, act, old_logp, adv)
m.train(params, [batch], 4)          # first call traces with clip_eps=0.2
m.CONFIG["clip_eps"] = 0.02          # what anneal_clip does later in training
_, stale = m.ppo_update(params, *batch)
with jax.disable_jit():
    _, fresh = m.ppo_update(params, *batch)
verdict(n, not np.allclose(stale, fresh), f"stale={float(stale):.6f} fresh={float(fresh):.6f}")
