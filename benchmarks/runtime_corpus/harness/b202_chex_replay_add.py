from rt import *
n = "b202_chex_replay_add"; m, _, _ = load(n)
buf = m.init_buffer(4, 2)
buf = m.add(buf, jnp.array([1.0, 2.0]))
verdict(n, float(buf.obs[0, 0]) != 1.0, f"ptr={int(buf.ptr)} obs[0]={buf.obs[0]}")
