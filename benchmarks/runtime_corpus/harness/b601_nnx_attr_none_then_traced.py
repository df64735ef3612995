from rt import *
n = "b601_nnx_attr_none_then_traced"; m, _, _ = load(n)
from flax import nnx
model = m.AttentionProbe(4, rngs=nnx.Rngs(0))
m.forward(model, jnp.ones((3, 4)))
e = raises(m.attention_entropy, model)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
