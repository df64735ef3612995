from rt import *
n = "b403_value_and_grad_float"; m, _, _ = load(n)
e = raises(m.train_step, jnp.ones(2), jnp.ones((3, 2)))
verdict(n, e is not None, ename(e))
