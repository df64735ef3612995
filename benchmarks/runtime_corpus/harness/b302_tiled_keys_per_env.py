from rt import *
n = "b302_tiled_keys_per_env"; m, _, _ = load(n)
obs = m.reset_all(jax.random.PRNGKey(0))
uniq = len({tuple(np.round(np.asarray(r), 6)) for r in obs})
verdict(n, uniq == 1, f"{uniq} distinct initial states among {obs.shape[0]} envs")
