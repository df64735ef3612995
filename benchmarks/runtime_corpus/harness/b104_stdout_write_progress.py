from rt import *
n = "b104_stdout_write_progress"; m, _, _ = load(n)
xs = jnp.ones((4, 3, 2)); ys = jnp.ones((4, 3))
out = stdout_of(m.train, jnp.zeros(2), xs, ys, 3)
lines = [l for l in out.splitlines() if "epoch done" in l]
verdict(n, len(lines) != 3, f"{len(lines)} progress lines over 3 epochs: {lines[:1]}")
