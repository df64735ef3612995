import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c301_key_exclusive_branches"
m, exc, _ = load(N, key_reuse=True)
try:
    x = jnp.ones((4, 8))
    outs = [m.regularize(jax.random.key(i), x, mode=md) for i, md in enumerate(("dropout", "noise", "scale", "none"))]
    pe = np.asarray(m.per_example_noise(jax.random.key(9), jnp.zeros((4, 3))))
    distinct = len({tuple(np.round(r, 6)) for r in pe}) == 4
    ok = distinct and np.allclose(outs[3], x)
    verdict(N, not ok, f"no KeyReuseError; per-example rows distinct={distinct}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
