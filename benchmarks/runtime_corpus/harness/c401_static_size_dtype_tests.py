from rt import *
n = "c401_static_size_dtype_tests"; m, _, _ = load(n)
try:
    a = m.normalize(jnp.array([2, 4]))
    b = m.normalize(jnp.ones((2, 2)), jnp.array([True, False]))
    c = m.normalize(jnp.zeros((0,)))
    ok = np.allclose(a, [1, 2]) and np.allclose(b, 0.5) and c.shape == (0,)
    verdict(n, not ok, f"{a} {b} {c}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
