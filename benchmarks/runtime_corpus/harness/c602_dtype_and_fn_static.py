from rt import *
n = "c602_dtype_and_fn_static"; m, _, _ = load(n)
e = raises(m.forward, jnp.ones((3, 3)), jnp.ones((2, 3)))
verdict(n, e is not None, ename(e))
