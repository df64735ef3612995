from rt import *
n = "b401_dtype_or_traced_max"; m, _, _ = load(n)
e = raises(m.safe_cast_half, jnp.ones(3, jnp.float32))
verdict(n, e is not None, ename(e))
