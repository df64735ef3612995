from rt import *
n = "b302_tree_map_same_key"; m, _, _ = load(n)
p = {"w1": jnp.zeros(5), "w2": jnp.zeros(5)}
out = m.perturb_params(p, jax.random.PRNGKey(0))
same = bool(jnp.allclose(out["w1"], out["w2"]))
mod2, _, _ = load(n, key_reuse=True)
e = raises(mod2.perturb_params, p, jax.random.PRNGKey(0))
verdict(n, same or key_reuse_error(e), f"identical noise on two leaves: {same}; checker: {ename(e)}")
