from rt import *
n = "c602_namedtuple_config_static"; m, _, _ = load(n)
try:
    out = m.run(jnp.ones((2, 4)), {"scale": 2.0})
    ok = out.shape == (2, 2) and bool(jnp.allclose(out, 4.0))
    verdict(n, not ok, f"ok={ok} {out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
