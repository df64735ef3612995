from rt import *
n = "c302_scan_namedtuple_key_replace"; m, _, _ = load(n, key_reuse=True)
e = raises(m.random_walk, jax.random.PRNGKey(0), 5)
m2, _, _ = load(n)
p = m2.random_walk(jax.random.PRNGKey(0), 5)
inc = jnp.diff(p, axis=0)
verdict(n, e is not None or bool(jnp.allclose(inc[0], inc[1])), f"checker {ename(e)}; increments {inc[:2].tolist()}")
