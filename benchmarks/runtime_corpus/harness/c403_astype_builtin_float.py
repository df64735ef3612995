from rt import *
n = "c403_astype_builtin_float"; m, _, _ = load(n)
e = raises(m.token_accuracy, jnp.ones((2, 3, 4)), jnp.zeros((2, 3), int), jnp.ones((2, 3), bool))
verdict(n, e is not None, ename(e))
