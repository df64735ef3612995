from rt import *
n = "c202_at_tuple_unpack_and_return"; m, _, _ = load(n)
try:
    a = jnp.zeros((2, 2)); b = jnp.ones((2, 2))
    a2, b2 = m.swap_rows(a, b, 0, 1)
    c = m.scatter_counts(jnp.array([0, 2, 2]), 4)
    x = m.clamp_edges(jnp.array([-2.0, 1.0, 4.0]))
    ok = np.allclose(a2[0], 1) and np.allclose(b2[1], 0) and np.array_equal(c, [1, 0, 2, 0]) and np.allclose(x, [2, 1, 2])
    verdict(n, not ok, f"{a2} {b2} {c} {x}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
