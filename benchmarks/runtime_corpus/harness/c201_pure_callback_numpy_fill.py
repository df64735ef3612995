from rt import *
n = "c201_pure_callback_numpy_fill"; m, _, _ = load(n)
try:
    r = m.rank(jnp.array([3.0, 1.0, 2.0]))
    verdict(n, not np.array_equal(r, [2, 0, 1]), f"r={r}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
