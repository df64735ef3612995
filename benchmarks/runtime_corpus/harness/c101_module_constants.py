import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c101_module_constants"
m, exc, _ = load(N)
try:
    lg = jax.random.normal(jax.random.key(0), (6, 16)); t = jnp.array([0, 1, 2, 5, 9, 15])
    a = m.weighted_xent(lg, t)
    with jax.disable_jit():
        b = m.weighted_xent(lg, t)
    ok = np.allclose(a, b, atol=1e-5)
    verdict(N, not ok, f"jit {float(a):.5f} eager {float(b):.5f}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
