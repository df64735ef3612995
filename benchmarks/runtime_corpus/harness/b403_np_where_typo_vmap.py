from rt import *
n = "b403_np_where_typo_vmap"; m, _, _ = load(n)
e = raises(m.batch_huber, jnp.ones((3, 4)), jnp.zeros((3, 4)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
