from rt import *
n = "c201_np_zeros_like_jax"; m, _, _ = load(n)
e = raises(m.onehot_targets, jnp.zeros((3, 4)), jnp.array([0, 2, 3]))
verdict(n, e is not None, f"{ename(e)} {None if e else m.onehot_targets(jnp.zeros((3, 4)), jnp.array([0, 2, 3])).sum()}")
