from rt import *
n = "c403_cond_branch_static_shape"; m, _, _ = load(n)
e = raises(m.maybe_scale, True, jnp.ones(4))
verdict(n, e is not None, f"{ename(e)} {None if e else m.maybe_scale(True, jnp.ones(4))}")
