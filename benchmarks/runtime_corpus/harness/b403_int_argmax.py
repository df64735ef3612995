from rt import *
n = "b403_int_argmax"; m, _, _ = load(n)
e = raises(m.greedy_token, jnp.arange(4.0), 4)
verdict(n, e is not None, ename(e))
