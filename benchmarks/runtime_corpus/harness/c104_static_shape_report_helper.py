from rt import *
n = "c104_static_shape_report_helper"; m, _, _ = load(n)
try:
    o1 = stdout_of(m.encoder, jnp.ones((2, 3)), jnp.ones((3, 4)))
    o2 = stdout_of(m.encoder, jnp.zeros((2, 3)), jnp.ones((3, 4)))
    ok = "shape=(2, 3)" in o1 and "shape=(2, 4)" in o1 and o2 == ""
    verdict(n, not ok, f"first={o1!r} second={o2!r} (static info, complete at trace time)")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
