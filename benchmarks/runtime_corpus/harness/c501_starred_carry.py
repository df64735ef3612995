from rt import *
n = "c501_starred_carry"; m, _, _ = load(n)
try:
    out = jax.jit(m.moments)(jnp.array([1.0, 2.0, 3.0]))
    ok = bool(jnp.allclose(jnp.array(out), jnp.array([2.0, 14.0 / 3, 12.0])))
    verdict(n, not ok, f"ok={ok} {out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
