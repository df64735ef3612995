from rt import *
n = "c302_vmap_fold_in_index"; m, _, _ = load(n)
p = m.init_particles(jax.random.key(0), 8, jnp.zeros(2), 1.0)
distinct = len({tuple(np.round(np.asarray(r), 6)) for r in p}) == 8
m2, _, _ = load(n, key_reuse=True)
e = raises(m2.init_particles, jax.random.PRNGKey(0), 8, jnp.zeros(2), 1.0)
verdict(n, not distinct or e is not None, f"8 distinct particles: {distinct}; checker: {ename(e)}")
