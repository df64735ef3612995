from rt import *
n = "c401_helper_flag_literal"; m, _, _ = load(n)
e = raises(m.mlp, jnp.ones((1, 2)), jnp.eye(2))
verdict(n, e is not None, ename(e))
