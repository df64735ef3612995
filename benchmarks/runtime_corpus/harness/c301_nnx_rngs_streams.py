import warnings; warnings.simplefilter("ignore")
import jax, jax.numpy as jnp, numpy as np
from flax import nnx
from rt import load, verdict, ename
N = "c301_nnx_rngs_streams"
m, exc, _ = load(N)
try:
    model = m.NoisyBlock(64, nnx.Rngs(params=0, dropout=1))
    x = jnp.ones((4, 64))
    _, a1, a2 = m.forward(model, x)
    _, b1, b2 = m.forward(model, x)
    ok = not np.array_equal(a1, a2) and not np.array_equal(a1, b1) and not np.array_equal(b1, b2)
    verdict(N, not ok, f"masks within a call differ={not np.array_equal(a1, a2)}, across calls differ={not np.array_equal(a1, b1)}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
