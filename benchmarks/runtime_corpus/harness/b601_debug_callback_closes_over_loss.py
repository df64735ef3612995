from rt import *
n = "b601_debug_callback_closes_over_loss"; m, _, _ = load(n)
p = {"w": jnp.ones((3, 4)) * 0.1, "v": jnp.ones(4) * 0.1}
opt = m.optimizer.init(p)
for _ in range(3):
    p, opt = m.train_step(p, opt, jnp.ones((5, 3)), jnp.ones(5))
jax.effects_barrier()
e = raises(m.smoothed_loss)
verdict(n, e is not None, f"{len(m.loss_history)} entries of type {type(m.loss_history[0]).__name__}; {ename(e)}")
