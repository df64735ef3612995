from rt import *
n = "c402_result_type_broadcast_shapes"; m, _, _ = load(n)
e1 = raises(m.combine, jnp.ones((3, 1), jnp.int32), jnp.ones(4)); e2 = raises(m.combine, jnp.ones(2), jnp.ones(2))
verdict(n, e1 is not None or e2 is not None, [ename(e1), ename(e2), str(e1 or e2)[:150]])
