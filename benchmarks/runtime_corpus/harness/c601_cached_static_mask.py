import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c601_cached_static_mask"
m, exc, _ = load(N)
try:
    ok = True
    for t in (3, 5, 3):
        x = jax.random.normal(jax.random.key(t), (t, 4))
        a = m.causal_attention(x)
        with jax.disable_jit():
            b = m.causal_attention(x)
        ok &= bool(np.allclose(a, b, atol=1e-5))
    ok &= isinstance(m.causal_mask(3), np.ndarray)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
