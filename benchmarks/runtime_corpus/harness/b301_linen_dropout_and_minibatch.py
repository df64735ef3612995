from rt import *
n = "b301_linen_dropout_and_minibatch"; m, _, _ = load(n, key_reuse=True)
params = m.model.init(jax.random.PRNGKey(1), jnp.ones((1, 5)), train=False)
xs = jnp.ones((32, 5)); ys = jnp.zeros(32, jnp.int32)
e = raises(jax.jit(m.loss_on_random_minibatch), params, xs, ys, jax.random.PRNGKey(0))
verdict(n, key_reuse_error(e), ename(e))
