from rt import *
n = "c401_nnx_deterministic_eval"; m, _, _ = load(n)
from flax import nnx
try:
    model = m.StochasticDepthBlock(4, 0.5, rngs=nnx.Rngs(0))
    x = jnp.ones((2, 4))
    outs = [m.forward(model, x) for _ in range(6)]
    varied = len({float(o.sum()) for o in outs}) > 1
    ev = m.evaluate(model, x)
    ref = x + model.lin(x)
    ok = varied and bool(jnp.allclose(ev, ref, atol=1e-6))
    verdict(n, not ok, f"train outputs vary: {varied}, eval == deterministic ref: {bool(jnp.allclose(ev, ref, atol=1e-6))}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
