from rt import *
n = "b601_while_body_outer_local_list"; m, _, _ = load(n)
e = raises(m.power_iteration, jnp.eye(3) + 0.1, jnp.ones(3))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
