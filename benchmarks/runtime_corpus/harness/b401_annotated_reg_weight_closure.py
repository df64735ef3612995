from rt import *
n = "b401_annotated_reg_weight_closure"; m, _, _ = load(n)
e = raises(m.loss_and_grad, jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3), 0.01)
verdict(n, e is not None, ename(e))
