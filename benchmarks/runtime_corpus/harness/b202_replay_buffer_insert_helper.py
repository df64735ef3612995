from rt import *
n = "b202_replay_buffer_insert_helper"; m, _, _ = load(n)
b = m.make_buffer(4, 2)
b = m.add(b, jnp.array([1.0, 2.0]), jnp.int32(3), jnp.float32(0.5))
verdict(n, float(b.rewards[0]) != 0.5, f"rewards after add={b.rewards} obs[0]={b.obs[0]}")
