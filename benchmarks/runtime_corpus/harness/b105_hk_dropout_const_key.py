from rt import *
n = "b105_hk_dropout_const_key"; m, _, _ = load(n)
x = jnp.ones((1, 3))
params = m.net.init(jax.random.key(0), x, is_training=True)
a = m.train_forward(params, jax.random.key(1), x)
b = m.train_forward(params, jax.random.key(2), x)
verdict(n, bool(jnp.array_equal(a, b)), f"same dropout mask for rng 1 and 2: {bool(jnp.array_equal(a, b))}")
