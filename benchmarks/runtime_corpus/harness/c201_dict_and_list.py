from rt import *
n = "c201_dict_and_list"; m, _, _ = load(n)
e = raises(m.collect, jnp.ones(2))
verdict(n, e is not None, ename(e))
