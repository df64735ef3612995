from rt import *
n = "c201_host_copy_then_setitem"; m, _, _ = load(n)
try:
    p = m.legal_action_probs(jnp.eye(3), jnp.ones(3), np.array([False, True, False]))
    ok = np.allclose(p, [0.5, 0.0, 0.5])
    verdict(n, not ok, f"p={p}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
