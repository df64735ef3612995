from rt import *
n = "c201_list_of_arrays_setitem"; m, _, _ = load(n)
try:
    x = jnp.ones(2); ws = [jnp.zeros((2, 2)), jnp.zeros((2, 2))]
    out = m.residual_stack(x, ws)
    ws2 = [jnp.eye(2) * 0.1] * 2
    h = x
    for w in ws2:
        h = h + jnp.tanh(h @ w)
    ok = np.allclose(out, 1.0) and np.allclose(m.residual_stack(x, ws2), h)
    verdict(n, not ok, f"out={out}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
