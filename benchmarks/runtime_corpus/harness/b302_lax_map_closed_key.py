from rt import *
n = "b302_lax_map_closed_key"; m, _, _ = load(n)
imgs = jnp.stack([jnp.arange(64.0).reshape(8, 8)] * 6)
crops = m.augment_batch(jax.random.key(3), imgs)
same = all(bool(jnp.array_equal(crops[0], crops[i])) for i in range(1, 6))
m2, _, _ = load(n, key_reuse=True)
e = raises(m2.augment_batch, jax.random.PRNGKey(3), imgs)
verdict(n, same, f"all 6 images got the identical crop: {same}; checker: {ename(e)}")
