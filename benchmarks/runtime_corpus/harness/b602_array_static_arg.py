from rt import *
n = "b602_array_static_arg"; m, _, _ = load(n)
e = raises(m.attention_inputs, jnp.ones((2, 8)), {"n_heads": 2})
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
