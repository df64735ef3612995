from rt import *
n = "b402_unique_num_classes"; m, _, _ = load(n)
e = raises(m.balanced_accuracy, jnp.array([0, 1, 1]), jnp.array([0, 1, 0]))
verdict(n, e is not None, ename(e))
