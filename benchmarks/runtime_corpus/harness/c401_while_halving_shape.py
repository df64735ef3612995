from rt import *
n = "c401_while_halving_shape"; m, _, _ = load(n)
try:
    x = jnp.array([[3.0, 1.0], [7.0, -2.0], [5.0, 9.0], [0.0, 4.0], [1.0, 2.0]])
    out = m.tree_reduce_max(x)
    ok = bool(jnp.allclose(out, jnp.max(x, axis=0)))
    verdict(n, not ok, f"ok={ok} {out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
