from rt import *
n = "b301_vae_reparam_rngs_dict"; m, _, _ = load(n, key_reuse=True)
ks = jax.random.split(jax.random.PRNGKey(0), 6)
p = {"enc": jax.random.normal(ks[0], (6, 8)), "mu": jax.random.normal(ks[1], (8, 2)), "logvar": jax.random.normal(ks[2], (8, 2)) * 0.1,
     "dec1": jax.random.normal(ks[3], (2, 8)), "dec2": jax.random.normal(ks[4], (8, 6))}
opt = m.optimizer.init(p)
e = raises(m.train_step, p, opt, jnp.ones((4, 6)), ks[5])
verdict(n, key_reuse_error(e), ename(e))
