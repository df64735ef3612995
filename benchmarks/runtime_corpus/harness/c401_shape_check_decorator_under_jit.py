from rt import *
n = "c401_shape_check_decorator_under_jit"; m, _, _ = load(n)
x = jnp.arange(6, dtype=jnp.int32).reshape(2, 3)
try:
    y = m.layer_norm(x)
    xf = np.asarray(x, np.float32)
    ref = (xf - xf.mean(-1, keepdims=True)) / np.sqrt(xf.var(-1, keepdims=True) + 1e-5)
    e = raises(m.layer_norm, jnp.ones(3))
    ok = np.allclose(y, ref, atol=1e-5) and isinstance(e, ValueError)
    verdict(n, not ok, f"ok={ok} rank-1 input -> {ename(e)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {e}")
