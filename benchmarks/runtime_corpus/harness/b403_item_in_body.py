from rt import *
n = "b403_item_in_body"; m, _, _ = load(n)
e = raises(m.count_above, jnp.arange(4.0), 1.0)
verdict(n, e is not None, ename(e))
