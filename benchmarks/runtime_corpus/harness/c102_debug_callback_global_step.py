from rt import *
n = "c102_debug_callback_global_step"; m, _, _ = load(n)
w = jnp.zeros(2)
for _ in range(4):
    w = m.train_step(w, jnp.eye(2), jnp.ones(2))
jax.effects_barrier()
verdict(n, m.global_step != 4 or len(m.loss_history) != 4, f"global_step={m.global_step} history={len(m.loss_history)}")
