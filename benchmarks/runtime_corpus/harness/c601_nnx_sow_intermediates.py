from rt import *
from flax import nnx
n = "c601_nnx_sow_intermediates"; m, _, _ = load(n)
try:
    model = m.MLP(nnx.Rngs(0))
    x = jnp.ones((2, 3))
    y, stats = m.forward_with_stats(model, x)
    leaves = jax.tree.leaves(stats)
    ref = float(nnx.relu(model.l1(x)).mean())
    ok = len(leaves) == 1 and abs(float(leaves[0]) - ref) < 1e-6
    verdict(n, not ok, f"sowed {leaves} ref {ref}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
