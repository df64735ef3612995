from rt import *
n = "b104_linen_np_random_noise"; m, _, _ = load(n)
x = jnp.ones((2, 3))
params = m.model.init(jax.random.key(0), x, train=False)
a = m.train_apply(params, x); b = m.train_apply(params, x)
verdict(n, bool(jnp.array_equal(a, b)), f"same 'random' noise on two training calls: {bool(jnp.array_equal(a, b))}")
