import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c402_static_tuple_shape"
m, exc, _ = load(N)
img = np.random.RandomState(0).randn(2, 8, 12, 3).astype(np.float32)
p = img.reshape(2, 2, 4, 3, 4, 3).transpose(0, 1, 3, 2, 4, 5).reshape(2, 6, 48)
try:
    out = m.decode(jnp.asarray(p), (8, 12))
    ok = np.allclose(out, img)
    verdict(N, not ok, f"roundtrip={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
