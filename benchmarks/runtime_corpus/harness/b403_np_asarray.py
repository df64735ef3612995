from rt import *
n = "b403_np_asarray"; m, _, _ = load(n)
e = raises(m.to_probs_batched, jnp.ones((2, 3)))
verdict(n, e is not None, ename(e))
