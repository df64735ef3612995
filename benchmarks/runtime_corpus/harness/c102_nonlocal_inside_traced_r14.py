import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c102_nonlocal_inside_traced_r14"
m, exc, _ = load(N)
try:
    w = jnp.eye(2) * 0.5; xs = jnp.ones((4, 2))
    res = [m.unroll(jnp.zeros(2), xs, w) for _ in range(3)]
    ok = all(int(r[2]) == 4 and r[1].shape == (4, 2) for r in res)
    with jax.disable_jit():
        ref = m.unroll(jnp.zeros(2), xs, w)
    ok &= np.allclose(res[2][0], ref[0])
    verdict(N, not ok, f"steps per call={[int(r[2]) for r in res]}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
