from rt import *
n = "b401_assert_positive"; m, _, _ = load(n)
e = raises(m.gaussian_log_prob, jnp.ones(2), jnp.ones(2))
verdict(n, e is not None, ename(e))
