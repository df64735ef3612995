from rt import *
n = "b403_nnx_item_accuracy"; m, _, _ = load(n)
model, opt = m.make()
e = raises(m.train_step, model, opt, jnp.ones((6, 4)), jnp.array([0, 1, 2, 0, 1, 2]))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
