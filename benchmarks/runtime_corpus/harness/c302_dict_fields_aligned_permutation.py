from rt import *
n = "c302_dict_fields_aligned_permutation"; m, _, _ = load(n)
N = 8
batch = {"obs": jnp.arange(N * 2.0).reshape(N, 2), "actions": jnp.arange(N), "rewards": jnp.arange(N) * 10.0}
s = m.shuffle_batch(jax.random.PRNGKey(3), batch)
ok = np.array_equal(np.asarray(s["obs"][:, 0]) / 2, np.asarray(s["actions"])) and np.array_equal(np.asarray(s["rewards"]) / 10, np.asarray(s["actions"])) and not np.array_equal(np.asarray(s["actions"]), np.arange(N))
verdict(n, not ok, f"rows stay aligned across fields: {ok}")
