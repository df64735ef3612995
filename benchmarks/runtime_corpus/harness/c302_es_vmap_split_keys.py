from rt import *
n = "c302_es_vmap_split_keys"; m, _, _ = load(n)
new_pop, _ = m.generation(jnp.zeros((8, 3)), jax.random.PRNGKey(0))
uniq = len({tuple(np.round(np.asarray(r), 6)) for r in new_pop})
verdict(n, uniq != 4, f"{uniq} distinct individuals (4 elites duplicated)")
