from rt import *
n = "c202_at_in_while_body_returned"; m, _, _ = load(n)
try:
    out = m.prefix_fill(jnp.zeros(5), 4)
    verdict(n, not np.allclose(out, [0, 1, 2, 3, 0]), f"out={out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
