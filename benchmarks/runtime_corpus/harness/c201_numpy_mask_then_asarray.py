from rt import *
n = "c201_numpy_mask_then_asarray"; m, _, _ = load(n)
q = jnp.ones((4, 2))
e = raises(lambda: m.attend(q, q, m.causal_bias(4)))
verdict(n, e is not None, ename(e))
