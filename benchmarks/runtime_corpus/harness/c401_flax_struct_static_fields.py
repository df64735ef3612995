from rt import *
n = "c401_flax_struct_static_fields"; m, _, _ = load(n)
try:
    p = jnp.ones(3)
    s = m.init(p)
    p2, s2 = m.apply_update(p, jnp.ones(3), s)
    p3, s3 = m.apply_update(p2, jnp.ones(3), s2)
    ok = int(s3.step) == 2 and bool(jnp.all(p3 < p))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
