from rt import *
n = "c103_local_list"; m, _, _ = load(n)
params = [(jnp.eye(2), jnp.zeros(2)), (jnp.eye(2), jnp.ones(2))]
e = raises(m.mlp, params, jnp.ones(2))
out = m.mlp(params, jnp.ones(2))
verdict(n, e is not None or float(out[0][0]) != 2.0, f"err={ename(e)} out={out[0]}")
