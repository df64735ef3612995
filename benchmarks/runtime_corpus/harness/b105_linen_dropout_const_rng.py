from rt import *
n = "b105_linen_dropout_const_rng"; m, _, _ = load(n)
x = jnp.ones((1, 3))
params = m.model.init(jax.random.key(0), x)
a = m.train_forward(params, x, jax.random.key(1))
b = m.train_forward(params, x, jax.random.key(2))
verdict(n, bool(jnp.array_equal(a, b)), f"outputs with dropout keys 1 and 2 identical: {bool(jnp.array_equal(a, b))}")
