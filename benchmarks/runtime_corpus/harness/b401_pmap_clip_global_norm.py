from rt import *
n = "b401_pmap_clip_global_norm"; m, _, _ = load(n)
d = jax.local_device_count()
e = raises(m.train_step, jnp.ones((d, 2)), jnp.ones((d, 3, 2)), jnp.zeros((d, 3)))
verdict(n, e is not None, ename(e))
