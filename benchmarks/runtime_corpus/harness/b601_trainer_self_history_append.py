from rt import *
n = "b601_trainer_self_history_append"; m, _, _ = load(n)
t = m.Trainer(); w = jnp.zeros(2)
for _ in range(4):
    w = t.step(w, jnp.ones((3, 2)), jnp.ones(3))
e = raises(t.plateaued)
verdict(n, e is not None or len(t.loss_history) != 4, f"{len(t.loss_history)} entries; {ename(e)}")
