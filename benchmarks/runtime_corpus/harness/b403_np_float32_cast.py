from rt import *
n = "b403_np_float32_cast"; m, _, _ = load(n)
e = raises(m.train_step, jnp.ones(2), jnp.ones((3, 2)), jnp.zeros(3), 5)
verdict(n, e is not None, ename(e))
