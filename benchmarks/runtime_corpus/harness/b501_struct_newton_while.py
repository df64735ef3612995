from rt import *
n = "b501_struct_newton_while"; m, _, _ = load(n)
e = raises(m.newton_sqrt, jnp.array(2.0))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
