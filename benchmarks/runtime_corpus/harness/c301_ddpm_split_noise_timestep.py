from rt import *
n = "c301_ddpm_split_noise_timestep"; m, _, _ = load(n, key_reuse=True)
k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
params, opt = m.init(k1, 4)
e = raises(m.train_step, params, opt, jax.random.normal(k2, (8, 4)), k3)
verdict(n, e is not None, ename(e))
