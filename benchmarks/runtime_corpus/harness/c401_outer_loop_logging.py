from rt import *
n = "c401_outer_loop_logging"; m, _, _ = load(n)
e = raises(m.fit, jnp.ones(2), [jnp.ones((3, 2))] * 4)
verdict(n, e is not None, ename(e))
