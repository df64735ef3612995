from rt import *
n = "b301_dropout_helper_then_caller_samples"; m, _, _ = load(n, key_reuse=True)
k = jax.random.split(jax.random.PRNGKey(0), 3)
params = {"w1": jax.random.normal(k[0], (4, 8)), "b1": jnp.zeros(8), "w2": jax.random.normal(k[1], (8, 3)), "b2": jnp.zeros(3)}
opt = m.optimizer.init(params)
x = jnp.ones((5, 4)); y = jnp.array([0, 1, 2, 0, 1])
e = raises(m.train_step, params, opt, x, y, k[2])
verdict(n, key_reuse_error(e), ename(e))
