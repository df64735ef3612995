import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "c502_eqx_tree_at_update"
m, exc, _ = load(N)
try:
    model = m.Affine(jnp.zeros((2, 1)), jnp.zeros(1))
    x = jnp.asarray(np.random.RandomState(0).randn(32, 2).astype(np.float32)); y = x @ jnp.array([[1.0], [-2.0]]) + 0.5
    losses = []
    for _ in range(200):
        model, l = m.sgd_step(model, x, y)
        losses.append(float(l))
    ok = losses[-1] < 1e-3 < losses[0] and np.allclose(model.weight.ravel(), [1, -2], atol=0.05)
    verdict(N, not ok, f"loss {losses[0]:.3f}->{losses[-1]:.5f}, w={np.asarray(model.weight).ravel().round(3).tolist()}")
except Exception as e:
    verdict(N, True, f"{ename(e)}: {e}")
