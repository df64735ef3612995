from rt import *
n = "b403_sqrt_shape_float_no_ctev"; m, _, _ = load(n)
q = jnp.ones((3, 16))
e = raises(m.attention_logits, q, q)
verdict(n, e is not None, ename(e))
