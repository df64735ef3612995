from rt import *
n = "c401_loop_over_pytree"; m, _, _ = load(n)
e = raises(m.global_norm, {"w": jnp.ones((2, 2)), "bias": jnp.ones(2)})
verdict(n, e is not None, ename(e))
