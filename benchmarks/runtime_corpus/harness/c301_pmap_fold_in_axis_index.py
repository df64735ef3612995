from rt import *
n = "c301_pmap_fold_in_axis_index"; m, _, _ = load(n)
out = m.per_device_dropout(jax.random.key(0), jnp.ones((4, 64)))
masks = [tuple(np.asarray(out[i] == 0)) for i in range(4)]
distinct = len(set(masks)) == 4
m2, _, _ = load(n, key_reuse=True)
e = raises(m2.per_device_dropout, jax.random.PRNGKey(0), jnp.ones((4, 64)))
verdict(n, not distinct or e is not None, f"4 distinct per-device masks: {distinct}; checker: {ename(e)}")
