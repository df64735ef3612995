from rt import *
n = "c401_register_dataclass_meta_field"; m, _, _ = load(n)
l = m.Dense(jnp.eye(2), jnp.ones(2), activation="gelu")
e = raises(m.apply, l, jnp.ones((1, 2)))
verdict(n, e is not None, ename(e))
