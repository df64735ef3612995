import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c401_param_name_filters"
m, exc, _ = load(N)
try:
    p = {"kernel": jnp.ones((2, 2)), "bias": jnp.ones(2), "ln_scale": jnp.ones(2)}
    g = {"kernel": jnp.full((2, 2), 0.1), "bias": jnp.ones(2), "ln_scale": jnp.ones(2)}
    out = m.decayed_update(p, g)
    with jax.disable_jit():
        ref = m.decayed_update(p, g)
    ok = all(np.allclose(out[k], ref[k]) for k in p) and np.allclose(out["bias"], 0.9) and np.allclose(out["kernel"], 1 - 0.1 * (0.1 + 0.01))
    verdict(N, not ok, f"match={ok}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
