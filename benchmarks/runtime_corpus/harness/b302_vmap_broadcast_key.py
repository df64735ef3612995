from rt import *
n = "b302_vmap_broadcast_key"; m, _, _ = load(n)
imgs = jnp.full((4, 3), 0.5)
out = m.augment_batch(jax.random.PRNGKey(0), imgs)
same = bool(jnp.allclose(out[0], out[1]) and jnp.allclose(out[1], out[3]))
verdict(n, same, f"every image in the batch got the same noise: {same}")
