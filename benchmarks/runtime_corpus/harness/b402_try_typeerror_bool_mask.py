from rt import *
n = "b402_try_typeerror_bool_mask"; m, _, _ = load(n)
e = raises(m.robust_mean, jnp.array([1.0, 100.0, 2.0]), 10.0)
verdict(n, e is not None, f"{ename(e)} (NonConcreteBooleanIndexError is an IndexError: except TypeError does not catch it)")
