from rt import *
n = "b401_nnx_train_arg_not_static"; m, _, _ = load(n)
from flax import nnx
model = m.MLP(3, 1, rngs=nnx.Rngs(0))
e = raises(m.forward, model, jnp.ones((2, 3)), True)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
