import jax, jax.numpy as jnp, numpy as np
from rt import load, raises, verdict, ename
N = "c401_shape_loop_over_heads"
m, exc, _ = load(N)
q = jax.random.normal(jax.random.key(0), (3, 4, 8)); k = jax.random.normal(jax.random.key(1), (3, 6, 8))
try:
    out = m.multi_head_pool(q, k)
    with jax.disable_jit():
        ref = m.multi_head_pool(q, k)
    ok = np.allclose(out, ref, atol=1e-5)
    verdict(N, not ok, f"jit vs eager match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
