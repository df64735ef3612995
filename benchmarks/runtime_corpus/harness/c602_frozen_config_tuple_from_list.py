from rt import *
n = "c602_frozen_config_tuple_from_list"; m, _, _ = load(n)
e = raises(m.forward, jnp.ones((2, 4)))
verdict(n, e is not None, ename(e))
