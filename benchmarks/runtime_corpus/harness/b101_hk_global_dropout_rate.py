from rt import *
n = "b101_hk_global_dropout_rate"; m, _, _ = load(n)
x = jnp.ones((1, 8))
params = m.net.init(jax.random.key(0), x)
m.train_apply(params, jax.random.key(1), x)
m.anneal_dropout(5)   # rate -> 0.0: dropout should now be the identity
a = m.train_apply(params, jax.random.key(2), x)
b = m.train_apply(params, jax.random.key(3), x)
verdict(n, not bool(jnp.allclose(a, b)), f"outputs still random after dropout_rate=0: {not bool(jnp.allclose(a, b))}")
