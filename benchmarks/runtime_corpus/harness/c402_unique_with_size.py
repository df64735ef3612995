from rt import *
n = "c402_unique_with_size"; m, _, _ = load(n)
e = raises(m.present_classes, jnp.array([2, 0, 2]), num_classes=4)
verdict(n, e is not None, ename(e))
