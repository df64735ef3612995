from rt import *
n = "c302_marl_vmap_split_keys"; m, _, _ = load(n)
na = 6
params = {"w_mu": jnp.zeros((na, 2, 2)), "log_std": jnp.zeros((na, 2)) - 1.0}
_, actions, _ = m.rollout_step(params, jnp.zeros((na, 2)), jax.random.PRNGKey(3))
n_unique = len({tuple(np.round(np.asarray(a), 6)) for a in actions})
verdict(n, n_unique != na, f"{n_unique} distinct actions among {na} agents")
