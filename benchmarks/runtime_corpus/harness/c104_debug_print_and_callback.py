import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename, stdout_of
N = "c104_debug_print_and_callback"
m, exc, _ = load(N)
try:
    x = jnp.ones((4, 2)); y = jnp.ones(4); w = jnp.zeros(2)
    txt = ""
    for s in range(3):
        txt += stdout_of(m.train_step, w, x, y, jnp.array(s))
    lines = [l for l in txt.splitlines() if l.startswith("step")]
    ok = len(lines) == 3 and len(m.LOSS_HISTORY) == 3 and [s for s, _ in m.LOSS_HISTORY] == [0, 1, 2]
    verdict(N, not ok, f"printed {len(lines)} lines, recorded {len(m.LOSS_HISTORY)} over 3 calls")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
