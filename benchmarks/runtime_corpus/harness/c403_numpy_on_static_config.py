import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c403_numpy_on_static_config"
m, exc, _ = load(N)
try:
    t = jnp.array([0, 5, 99])
    out = m.timestep_embedding(t, dim=8, num_steps=100)
    with jax.disable_jit():
        ref = m.timestep_embedding(t, dim=8, num_steps=100)
    ok = np.allclose(out, ref, atol=1e-5) and out.shape == (3, 8)
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
