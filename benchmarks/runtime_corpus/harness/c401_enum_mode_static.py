from rt import *
n = "c401_enum_mode_static"; m, _, _ = load(n)
p = {"w": jnp.ones((3, 2))}
x = jnp.ones((4, 3))
try:
    a, b = m.evaluate(p, x)
    t = m.head(p, x, m.Mode.TRAIN)
    ok = bool(jnp.allclose(a, jax.nn.gelu(x @ p["w"]))) and b.shape == (4,) and bool(jnp.allclose(t, 0.9 * 3.0))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, ename(e))
