from rt import *
n = "c201_numpy_replay_buffer"; m, _, _ = load(n)
buf = m.ReplayBuffer(8, 2)
e = raises(m.collect, buf, jnp.zeros(2), 3)
verdict(n, e is not None or buf.ptr != 3 or abs(buf.obs[2, 0] - 2.71) > 1e-4, f"{ename(e)} ptr={buf.ptr} obs[:3,0]={buf.obs[:3, 0]}")
