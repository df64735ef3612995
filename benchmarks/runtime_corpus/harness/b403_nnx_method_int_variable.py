from rt import *
import optax
from flax import nnx
n = "b403_nnx_method_int_variable"; m, _, _ = load(n)
model = m.StepDecayModel(3, 1, nnx.Rngs(0))
opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
e = raises(m.train_step, model, opt, jnp.ones((4, 3)), jnp.zeros((4, 1)))
verdict(n, e is not None, f"{ename(e)}")
