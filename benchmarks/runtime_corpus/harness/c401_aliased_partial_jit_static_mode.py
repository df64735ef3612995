from rt import *
n = "c401_aliased_partial_jit_static_mode"; m, _, _ = load(n)
try:
    err = jnp.array([1.0, 2.0, 3.0]); mask = jnp.array([True, True, False])
    a = m.masked_loss(err, mask); b = m.masked_loss(err, mask, reduction="sum"); c = m.masked_loss(err, mask, reduction="none")
    ok = np.isclose(a, 2.5) and np.isclose(b, 5.0) and c.shape == (3,)
    verdict(n, not ok, f"{a} {b} {c}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
