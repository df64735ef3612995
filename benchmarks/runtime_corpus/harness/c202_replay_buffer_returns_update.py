from rt import *
n = "c202_replay_buffer_returns_update"; m, _, _ = load(n)
b = m.add(m.make_buffer(4, 2), jnp.array([1.0, 2.0]), jnp.int32(3), jnp.float32(0.5))
verdict(n, float(b.rewards[0]) != 0.5, f"rewards={b.rewards}")
