from rt import *
n = "b302_vmap_partial_bound_key"; m, _, _ = load(n)
pop = jnp.zeros((8, 3))
new_pop, _ = m.generation(pop, jax.random.PRNGKey(0))
# identical parents + independent noise should give 8 distinct children; shared key gives 1
uniq = len({tuple(np.round(np.asarray(r), 6)) for r in new_pop})
verdict(n, uniq == 1, f"{uniq} distinct individuals after one generation from identical parents")
