from rt import *
n = "b502_linen_state_dict_batch_stats"; m, _, _ = load(n)
x = jax.random.normal(jax.random.key(0), (8, 3)) + 3.0; y = jnp.ones(8)
state = m.init_state(jax.random.key(1), x)
before = jax.tree.map(lambda a: a.copy(), state)
for _ in range(3):
    m.train_step(state, x, y)
same = all(bool(jnp.array_equal(a, b)) for a, b in zip(jax.tree.leaves(before), jax.tree.leaves(state)))
verdict(n, same, f"state (params and batch_stats) unchanged after 3 jitted train steps: {same}")
