import time
import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c104_io_callback_timing"
m, exc, _ = load(N)
try:
    p = {"w": jnp.ones(3)}; g = {"w": jnp.full(3, 2.0)}
    ns = []
    for _ in range(3):
        p, n = m.clipped_update(p, g)
        ns.append(int(n)); time.sleep(0.01)
    ts = [e["t"] for e in m.EVENTS]
    ok = ns == [1, 2, 3] and len(ts) == 3 and ts[0] < ts[1] < ts[2]
    verdict(N, not ok, f"n_events={ns}, {len(ts)} timestamped events over 3 calls")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
