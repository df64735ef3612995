from rt import *
n = "c302_tree_map_unflatten_keys"; m, _, _ = load(n)
params = {"a": jnp.zeros(4), "b": jnp.zeros(4), "c": jnp.zeros(4)}
out = m.perturb_params(params, jax.random.key(0))
distinct = not np.allclose(out["a"], out["b"]) and not np.allclose(out["b"], out["c"])
m2, _, _ = load(n, key_reuse=True)
e = raises(m2.perturb_params, params, jax.random.PRNGKey(0))
verdict(n, not distinct or e is not None, f"leaves got independent noise: {distinct}; checker: {ename(e)}")
