from rt import *
n = "b402_linspace_static_name_miss"; m, _, _ = load(n)
e = raises(m.simulate, jnp.ones(()))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
