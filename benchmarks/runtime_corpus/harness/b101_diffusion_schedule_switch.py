from rt import *
n = "b101_diffusion_schedule_switch"; m, _, _ = load(n)
x0 = jnp.ones((4, 3)); t = jnp.array([10, 50, 80, 99]); noise = jnp.zeros((4, 3))
m.q_sample(x0, t, noise)            # linear-schedule run traces
m.set_schedule("cosine")
got = m.q_sample(x0, t, noise)
ref = jnp.sqrt(m.alphas_cumprod[t])[:, None] * x0
verdict(n, not np.allclose(got, ref), f"got {np.asarray(got[:,0])} ref(cosine) {np.asarray(ref[:,0])}")
