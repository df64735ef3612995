from rt import *
n = "b202_self_buffer"; m, _, _ = load(n)
b = m.ReplayBuffer(4, 2); b.add(jnp.ones(2))
verdict(n, float(b.data.sum()) == 0.0, f"data sum={float(b.data.sum())}")
