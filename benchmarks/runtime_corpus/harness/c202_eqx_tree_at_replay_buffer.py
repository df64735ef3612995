from rt import *
n = "c202_eqx_tree_at_replay_buffer"; m, _, _ = load(n)
try:
    buf = m.ReplayBuffer.create(4, 2)
    for i in range(6):
        buf = m.add(buf, jnp.ones(2) * i, float(i))
    ok = int(buf.ptr) == 6 and buf.rewards.tolist() == [4.0, 5.0, 2.0, 3.0] and float(buf.obs[1, 0]) == 5.0
    verdict(n, not ok, f"ptr={int(buf.ptr)} rewards={buf.rewards.tolist()}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
