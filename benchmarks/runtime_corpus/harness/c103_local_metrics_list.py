from rt import *
n = "c103_local_metrics_list"; m, _, _ = load(n)
params = {"v1": jnp.ones((3, 4)) * 0.1, "v2": jnp.ones((4, 1)) * 0.1}
m.train(params, jnp.ones((8, 3)), jnp.ones(8), 5)
verdict(n, m.TRAIN_STATS["updates"] != 10, f"updates={m.TRAIN_STATS['updates']}")
