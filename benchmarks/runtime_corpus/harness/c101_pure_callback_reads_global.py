from rt import *
n = "c101_pure_callback_reads_global"; m, _, _ = load(n)
s = jnp.array([0, 1, 3]); a = jnp.array([1, 0, 1])
m.env_reward(s, a)
m.load_task(np.arange(8).reshape(4, 2))
got = m.env_reward(s, a)
ref = np.arange(8).reshape(4, 2)[np.asarray(s), np.asarray(a)]
verdict(n, not np.allclose(got, ref), f"got {np.asarray(got)} ref {ref}")
