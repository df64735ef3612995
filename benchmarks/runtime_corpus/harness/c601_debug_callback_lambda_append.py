from rt import *
n = "c601_debug_callback_lambda_append"; m, _, _ = load(n)
w = jnp.ones(2)
for _ in range(3):
    w = m.train_step(w, jnp.ones((4, 2)))
jax.effects_barrier()
ok = len(m.history) == 3 and all(isinstance(h, float) for h in m.history) and m.history[0] > m.history[2]
verdict(n, not ok, f"history {m.history}")
