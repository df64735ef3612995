from rt import *
n = "b301_ddpm_train_noise_and_timestep"; m, _, _ = load(n, key_reuse=True)
key = jax.random.PRNGKey(0)
k1, k2, k3 = jax.random.split(key, 3)
params, opt = m.init(k1, 4)
x0 = jax.random.normal(k2, (8, 4))
e = raises(m.train_step, params, opt, x0, k3)
verdict(n, key_reuse_error(e), ename(e))
