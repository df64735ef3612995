from rt import *
n = "b301_nnx_rngs_key_used_twice"; m, _, _ = load(n, key_reuse=True)
from flax import nnx
layer = m.NoisyDropout(0.5, 0.1, rngs=nnx.Rngs(dropout=0))
e = raises(m.apply, layer, jnp.ones(8))
verdict(n, key_reuse_error(e), f"{ename(e)}: {str(e)[:100]}")
