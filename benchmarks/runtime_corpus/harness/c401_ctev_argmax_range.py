from rt import *
n = "c401_ctev_argmax_range"; m, _, _ = load(n)
try:
    out = m.widest_prefix(jnp.float32(1.0))
    verdict(n, not np.isclose(out, 8.0), f"out={out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
