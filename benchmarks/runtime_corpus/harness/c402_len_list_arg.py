from rt import *
n = "c402_len_list_arg"; m, _, _ = load(n)
e = raises(m.stack_layers, [jnp.ones(2), jnp.zeros(2), jnp.ones(2)])
verdict(n, e is not None, ename(e))
