from rt import *
n = "b601_recent_losses_deque"; m, _, _ = load(n)
w = jnp.zeros(3)
for _ in range(4):
    w, _ = m.train_step(w, jnp.ones((6, 3)), jnp.ones(6))
e = raises(m.spike)
verdict(n, e is not None or len(m.RECENT) != 4, f"{len(m.RECENT)} entries; {ename(e)}")
