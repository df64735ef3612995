from rt import *
n = "b601_activation_hook_dict"; m, _, _ = load(n)
p = {"w1": jnp.ones((3, 4)), "w2": jnp.ones((4, 1))}
m.loss_and_grad(p, jnp.ones((2, 3)), jnp.zeros((2, 1)))
e = raises(lambda: jnp.mean(m.activations["hidden"]))
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
