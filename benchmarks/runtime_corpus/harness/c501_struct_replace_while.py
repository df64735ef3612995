from rt import *
n = "c501_struct_replace_while"; m, _, _ = load(n)
e = raises(m.newton_sqrt, jnp.array(2.0))
verdict(n, e is not None or abs(float(m.newton_sqrt(jnp.array(2.0))) - 2 ** 0.5) > 1e-5, ename(e))
