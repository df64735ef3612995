from rt import *
n = "b201_split_qkv_setitem"; m, _, _ = load(n)
e = raises(m.prefix_lm_attention, jnp.ones((4, 2)), jnp.ones((2, 6)), 2)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
