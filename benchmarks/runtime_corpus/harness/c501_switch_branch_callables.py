import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c501_switch_branch_callables"
m, exc, _ = load(N)
try:
    x = jnp.array([-2.0, -1.0, 0.5, 3.0])
    ok = True
    for w in range(3):
        y, st = m.activate(x, w, 0.1)
        ry, rst = m.BRANCHES[w](x, 0.1)
        if float(rst) > 1.0:
            ry = ry * 0.5
        ok &= bool(np.allclose(y, ry, atol=1e-6))
    verdict(N, not ok, f"switch/cond match python reference: {ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
