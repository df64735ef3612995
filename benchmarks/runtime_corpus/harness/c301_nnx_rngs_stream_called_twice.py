from rt import *
n = "c301_nnx_rngs_stream_called_twice"; m, _, _ = load(n, key_reuse=True)
from flax import nnx
layer = m.NoisyDropout(0.5, 0.1, rngs=nnx.Rngs(dropout=0))
e = raises(m.apply, layer, jnp.ones(8))
if e is None:
    a = m.apply(layer, jnp.ones(8)); b = m.apply(layer, jnp.ones(8))
    verdict(n, bool(jnp.array_equal(a, b)), f"no reuse error; successive calls differ: {not bool(jnp.array_equal(a, b))}")
else:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
