from rt import *
n = "c101_factory_rebuild_schedule"; m, _, _ = load(n)
x0 = jnp.ones((3, 2)); t = jnp.array([5, 20, 45]); z = jnp.zeros((3, 2))
m.q_sample(x0, t, z)
m.use_schedule(jnp.full(m.T, 0.05))
got = m.q_sample(x0, t, z)
ref = jnp.sqrt(jnp.cumprod(1.0 - jnp.full(m.T, 0.05))[t])[:, None] * x0
verdict(n, not np.allclose(got, ref), f"got {np.asarray(got[:,0])} ref {np.asarray(ref[:,0])}")
