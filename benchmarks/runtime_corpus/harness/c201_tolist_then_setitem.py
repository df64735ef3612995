from rt import *
n = "c201_tolist_then_setitem"; m, _, _ = load(n)
try:
    t, p, w = m.decode_predictions(jnp.eye(3), jnp.eye(3), ["a", "b", "c"], [1])
    ok = t == [0, -1, 2] and float(p[:, 0].sum()) == 0.0 and w[0] == "a"
    verdict(n, not ok, f"ok={ok} {t}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
