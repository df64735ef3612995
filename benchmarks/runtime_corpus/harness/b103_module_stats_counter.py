from rt import *
n = "b103_module_stats_counter"; m, _, _ = load(n)
params = {"v1": jnp.ones((3, 4)) * 0.1, "v2": jnp.ones((4, 1)) * 0.1}
obs = jnp.ones((8, 3)); ret = jnp.ones(8)
for _ in range(5):
    params, _ = m.critic_update(params, obs, ret)
verdict(n, m.TRAIN_STATS["updates"] != 5, f"after 5 updates: {m.report()}")
