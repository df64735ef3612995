import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c402_numpy_shape_arithmetic"
m, exc, _ = load(N)
x = jax.random.normal(jax.random.key(0), (5, 3, 2)); w = jax.random.normal(jax.random.key(1), (6, 4))
try:
    out = m.flatten_project(x, w)
    with jax.disable_jit():
        ref = m.flatten_project(x, w)
    ok = all(np.allclose(a, b, atol=1e-5) for a, b in zip(out, ref)) and out[0].shape == (10,)
    verdict(N, not ok, f"match={ok} shapes={[o.shape for o in out]}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
