from rt import *
n = "b401_switch_branch_python_if"; m, _, _ = load(n)
e = raises(m.activate, 1, jnp.array([2.0, -3.0]))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
