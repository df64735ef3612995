from rt import *
n = "c602_list_to_traced_position"; m, _, _ = load(n)
try:
    p = {"w0": jnp.ones((4, 3)) * 0.1, "w1": jnp.ones((3, 2)) * 0.1}
    out = m.predict(jnp.ones((5, 4)), p)
    ref = m.mlp(jnp.ones((5, 4)), [p["w0"], p["w1"]], "tanh")
    ok = bool(jnp.allclose(out, ref))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
