from rt import *
n = "b302_epoch_shuffle_same_key"; m, _, _ = load(n)
p = {"w1": jnp.ones((4, 8)) * 0.1, "w2": jnp.ones((8, 3)) * 0.1}
x = jax.random.normal(jax.random.PRNGKey(1), (64, 4)); y = jnp.arange(64) % 3
_, orders = m.train(p, x, y, jax.random.PRNGKey(0), 3)
same = all(bool(jnp.all(o == orders[0])) for o in orders)
verdict(n, same, f"all 3 epochs use the identical shuffle order: {same}")
