from rt import *
n = "b403_float_aux_metrics"; m, _, _ = load(n)
e = raises(m.train_step, jnp.ones(2), jnp.ones((4, 2)), jnp.ones(4))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
