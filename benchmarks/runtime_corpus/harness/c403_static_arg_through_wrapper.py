from rt import *
n = "c403_static_arg_through_wrapper"; m, _, _ = load(n)
try:
    x = jnp.array([1.0, 5.0, 3.0, 2.0])
    a = m.topk_mask(x, 2); b = m.keep_fraction(x, 0.5)
    ok = np.allclose(a, [0, 5, 3, 0]) and np.allclose(b, a)
    verdict(n, not ok, f"{a} {b}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
