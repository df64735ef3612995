from rt import *
n = "b401_register_dataclass_done_data"; m, _, _ = load(n)
e = raises(lambda: m.step(m.State(jnp.zeros(2), False)).obs)
verdict(n, e is not None, ename(e))
