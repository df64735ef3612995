from rt import *
n = "b602_dataclass_static"; m, _, _ = load(n)
e = raises(m.predict, jnp.ones((2, 8)), jnp.ones((1, 2)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
