from rt import *
n = "b201_linen_zero_padding_row"; m, _, _ = load(n)
e = raises(m.init_with_padding, jax.random.key(0))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
