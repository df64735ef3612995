from rt import *
n = "c104_debug_callback_append"; m, _, _ = load(n)
w = jnp.ones(2)
for _ in range(3):
    w = m.train_step(w, jnp.ones((3, 2)), jnp.zeros(3))
jax.effects_barrier()
verdict(n, len(m.loss_history) != 3, f"{len(m.loss_history)} losses recorded for 3 steps: {m.loss_history}")
