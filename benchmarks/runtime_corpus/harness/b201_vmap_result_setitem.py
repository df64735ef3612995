from rt import *
n = "b201_vmap_result_setitem"; m, _, _ = load(n)
e = raises(m.masked_losses, jnp.ones(2), jnp.ones((4, 3, 2)), jnp.zeros((4, 3)), [3])
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
