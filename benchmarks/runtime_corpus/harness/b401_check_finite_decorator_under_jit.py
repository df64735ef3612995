from rt import *
n = "b401_check_finite_decorator_under_jit"; m, _, _ = load(n)
e = raises(m.log_likelihood, 0.0, 1.0, jnp.ones(3))
verdict(n, e is not None, f"{ename(e)} (the decorator's check runs at trace time on tracers)")
