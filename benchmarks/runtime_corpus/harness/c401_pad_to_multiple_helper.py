from rt import *
n = "c401_pad_to_multiple_helper"; m, _, _ = load(n)
e1 = raises(m.chunked_sum, jnp.ones((6, 2)))
e2 = raises(m.chunked_sum, jnp.ones((4, 2)))
verdict(n, e1 is not None or e2 is not None, f"{ename(e1)} {ename(e2)}")
