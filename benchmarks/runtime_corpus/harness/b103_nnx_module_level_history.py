from rt import *
n = "b103_nnx_module_level_history"; m, _, _ = load(n)
x = jnp.ones((8, 2)); y = jnp.zeros((8, 1))
for _ in range(3):
    m.train_step(m.model, m.optimizer, x, y)
verdict(n, m.examples_seen() != 24, f"examples seen {m.examples_seen()} after 3 batches of 8")
