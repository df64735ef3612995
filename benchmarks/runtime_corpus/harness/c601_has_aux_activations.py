from rt import *
n = "c601_has_aux_activations"; m, _, _ = load(n)
p = {"w1": jnp.ones((3, 4)), "w2": jnp.ones((4, 1))}
m.train_step(p, jnp.ones((2, 3)), jnp.zeros((2, 1)))
e = raises(lambda: jnp.mean(m.activations["hidden"]))
verdict(n, e is not None or float(jnp.mean(m.activations["hidden"])) != 3.0, ename(e))
