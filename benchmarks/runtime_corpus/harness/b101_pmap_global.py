from rt import *
n = "b101_pmap_global"; m, _, _ = load(n)
x = jnp.ones(jax.local_device_count())
m.p_loss(x)
m.rescale(128.0)
got = m.p_loss(x)
verdict(n, float(got[0]) != 128.0, f"devices={jax.local_device_count()} got {float(got[0])} expected 128")
