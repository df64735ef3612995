from rt import *
n = "c602_dataclass_eq_false_static"; m, _, _ = load(n)
try:
    out = m.run(jnp.array([0, 2, 1]), jnp.ones((4, 2)), 5.0)
    tc = TraceCounter()
    with tc:
        for s in range(3):
            m.run(jnp.array([0, 2, 1]), jnp.ones((4, 2)), float(s))
    ok = bool(jnp.allclose(out, jnp.array([[0.0, 0.0], [0.5, 0.5], [0.5, 0.5]]))) and tc.n == 0
    verdict(n, not ok, f"ok={ok} recompiles={tc.n}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
