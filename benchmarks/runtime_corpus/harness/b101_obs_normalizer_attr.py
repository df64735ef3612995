from rt import *
n = "b101_obs_normalizer_attr"; m, _, _ = load(n)
params = jnp.eye(3)
batches = [jnp.full((5, 3), 10.0) + jnp.arange(5.0)[:, None] * i for i in range(3)]
acts = m.rollout(params, batches)
ref = jnp.tanh(((batches[-1] - m.obs_rms.mean) / jnp.sqrt(m.obs_rms.var + 1e-8)) @ params)
verdict(n, not np.allclose(acts[-1], ref, atol=1e-5), f"last action {np.asarray(acts[-1][0])} ref {np.asarray(ref[0])}")
