from rt import *
n = "b402_jnp_maximum_pad_amount"; m, _, _ = load(n)
e = raises(m.pad_tokens, jnp.ones(5, jnp.int32))
verdict(n, e is not None, ename(e))
