from rt import *
from flax import nnx
n = "c402_nnx_heads_reshape"; m, _, _ = load(n)
model = m.MultiHeadProj(8, 2, nnx.Rngs(0))
e = raises(m.run, model, jnp.ones((2, 3, 8)))
verdict(n, e is not None, ename(e))
