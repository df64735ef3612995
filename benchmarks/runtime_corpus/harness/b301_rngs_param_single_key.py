from rt import *
n = "b301_rngs_param_single_key"; m, _, _ = load(n)
p = m.init_agent(jax.random.PRNGKey(0), 4, 2)
same = np.allclose(p["actor"][0], p["critic"][0])
m2, _, _ = load(n, key_reuse=True)
e = raises(m2.init_agent, jax.random.PRNGKey(0), 4, 2)
verdict(n, same or key_reuse_error(e), f"actor/critic first layers identical: {same}; {ename(e)}")
