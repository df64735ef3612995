from rt import *
n = "b401_dataclass_done_field"; m, _, _ = load(n)
e = raises(m.step, m.reset(), jnp.ones(2))
verdict(n, e is not None, ename(e))
