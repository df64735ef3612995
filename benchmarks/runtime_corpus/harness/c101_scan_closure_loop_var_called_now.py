from rt import *
n = "c101_scan_closure_loop_var_called_now"; m, _, _ = load(n)
try:
    r = jnp.array([1.0, 0.0, 1.0])
    out = jax.jit(m.discounted_returns, static_argnums=1)(r, (0.5, 0.9))
    out2 = m.discounted_returns(r, (0.5, 0.9))
    ref = np.array([[1 + 0.25, 0.5, 1.0], [1 + 0.81, 0.9, 1.0]])
    ok = np.allclose(out, ref) and np.allclose(out2, ref)
    verdict(n, not ok, f"out={out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
