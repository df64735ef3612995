from rt import *
n = "b104_train_step_print_loss"; m, _, _ = load(n)
params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros(1)}
x = jnp.ones((8, 3)); y = jnp.ones((8, 1))
out = stdout_of(m.fit, params, x, y, 5)
lines = [l for l in out.splitlines() if l.startswith("step")]
verdict(n, len(lines) != 5, f"{len(lines)} loss lines for 5 steps: {lines[:2]}")
