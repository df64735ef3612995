from rt import *
n = "b103_scheduler_step_in_jit"; m, _, _ = load(n)
x = jnp.eye(2); y = jnp.ones(2)
w = jnp.zeros(2)
for _ in range(5):
    w = m.train_step(w, x, y)
verdict(n, m.scheduler.last_epoch != 5, f"scheduler.last_epoch={m.scheduler.last_epoch} after 5 steps")
