from rt import *
n = "b201_causal_mask_triu_indices"; m, _, _ = load(n)
e = raises(m.causal_bias, 4)
verdict(n, e is not None, ename(e))
