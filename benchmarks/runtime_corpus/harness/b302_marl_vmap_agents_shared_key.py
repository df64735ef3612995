from rt import *
n = "b302_marl_vmap_agents_shared_key"; m, _, _ = load(n)
n_agents = 6
params = {"w_mu": jnp.zeros((n_agents, 2, 2)), "log_std": jnp.zeros((n_agents, 2)) - 1.0}
pos = jnp.zeros((n_agents, 2))
_, actions, _ = m.rollout_step(params, pos, jax.random.PRNGKey(3))
# identical obs & params: independent noise would give distinct actions per agent
same = bool(jnp.all(actions == actions[0]))
verdict(n, same, f"all {n_agents} agents drew identical action noise: {same}; a0={actions[0]}")
