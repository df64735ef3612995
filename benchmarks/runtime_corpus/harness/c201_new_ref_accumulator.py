import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c201_new_ref_accumulator"
m, exc, _ = load(N)
try:
    acc = m.make_accumulator(2)
    w = jnp.zeros(2); x = jnp.ones((4, 2)); y = jnp.ones(4)
    g = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
    for _ in range(3):
        m.accumulate_grad(acc, w, x, y)
    ok = np.allclose(acc[...], 3 * g)
    verdict(N, not ok, f"acc={np.asarray(acc[...]).tolist()} expected {np.asarray(3*g).tolist()}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
