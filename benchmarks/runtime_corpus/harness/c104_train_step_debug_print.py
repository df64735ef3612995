from rt import *
n = "c104_train_step_debug_print"; m, _, _ = load(n)
out = stdout_of(m.fit, {"w": jnp.zeros((3, 1)), "b": jnp.zeros(1)}, jnp.ones((8, 3)), jnp.ones((8, 1)), 5)
lines = [l for l in out.splitlines() if l.startswith("step")]
verdict(n, len(lines) != 5, f"{len(lines)} lines")
