from rt import *
n = "c302_epoch_shuffle_fold_in"; m, _, _ = load(n)
p = {"w1": jnp.ones((4, 8)) * 0.1, "w2": jnp.ones((8, 3)) * 0.1}
x = jax.random.normal(jax.random.PRNGKey(1), (64, 4)); y = jnp.arange(64) % 3
_, orders = m.train(p, x, y, jax.random.PRNGKey(0), 3)
same = any(bool(jnp.all(orders[i] == orders[j])) for i in range(3) for j in range(i))
verdict(n, same, f"some epochs share a shuffle: {same}")
