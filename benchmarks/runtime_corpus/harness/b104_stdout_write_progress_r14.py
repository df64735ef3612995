from rt import *
n = "b104_stdout_write_progress_r14"; m, _, _ = load(n)
u = jnp.zeros((8, 8)).at[4, 4].set(100.0)
out = stdout_of(m.solve, u, 4)
lines = [l for l in out.splitlines() if l.startswith("step")]
verdict(n, len(lines) != 4, f"{len(lines)} progress lines for 4 steps: {lines[:1]}")
