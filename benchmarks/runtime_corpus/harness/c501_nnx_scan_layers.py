from rt import *
from flax import nnx
n = "c501_nnx_scan_layers"; m, _, _ = load(n)
try:
    stack = m.make_stack(nnx.Rngs(0))
    x = jnp.ones(4)
    out, means = m.forward(stack, x)
    h = x
    for i in range(3):
        layer_state = jax.tree.map(lambda a: a[i], nnx.state(stack))
        layer = nnx.merge(nnx.graphdef(stack), layer_state)
        h = layer(h)
    verdict(n, not bool(jnp.allclose(out, h, atol=1e-5)) or means.shape != (3,), f"out {out} ref {h}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
