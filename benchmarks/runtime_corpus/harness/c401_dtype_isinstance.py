from rt import *
n = "c401_dtype_isinstance"; m, _, _ = load(n)
e = raises(m.to_float, jnp.arange(2), (jnp.ones(()), jnp.ones(())))
verdict(n, e is not None, ename(e))
