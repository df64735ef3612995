import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c301_typed_key_split_halves"
m, exc, _ = load(N, key_reuse=True)
try:
    params, dk, noise = m.init_mlp(0, (4, 5, 3))
    d = jax.random.bernoulli(dk, 0.5, (3,))
    ws = [params["enc"]["w"].ravel()[:3], params["dec"]["w"].ravel()[:3], noise[:3]]
    distinct = not np.allclose(ws[0], ws[1]) and not np.allclose(ws[0], ws[2])
    verdict(N, not distinct, f"no KeyReuseError, distinct={distinct}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
