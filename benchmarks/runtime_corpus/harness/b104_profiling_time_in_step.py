from rt import *
import time
n = "b104_profiling_time_in_step"; m, _, _ = load(n)
u = jnp.zeros(16).at[8].set(1.0)
stamps = []
for _ in range(3):
    _, t = m.heat_step(u); stamps.append(float(t)); time.sleep(0.05)
verdict(n, len(set(stamps)) == 1, f"timestamps of 3 frames 50ms apart: {stamps}")
