from rt import *
n = "b602_helper_returns_list_static"; m, _, _ = load(n)
e = raises(m.forward, jnp.ones((2, 4)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
