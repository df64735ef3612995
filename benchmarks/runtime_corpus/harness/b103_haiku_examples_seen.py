from rt import *
n = "b103_haiku_examples_seen"; m, _, _ = load(n)
x = jnp.ones((8, 4))
params = m.net.init(jax.random.key(0), x)
m.EXAMPLES_SEEN.clear()
for _ in range(3):
    m.apply_fn(params, x)
verdict(n, m.total_examples() != 24, f"examples seen {m.total_examples()} after 3 batches of 8")
