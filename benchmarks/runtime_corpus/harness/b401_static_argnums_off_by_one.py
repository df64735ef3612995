from rt import *
n = "b401_static_argnums_off_by_one"; m, _, _ = load(n)
e = raises(m.forward, jnp.ones(8), jnp.ones(3))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
