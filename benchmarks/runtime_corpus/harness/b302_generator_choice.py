from rt import *
n = "b302_generator_choice"; m, _, _ = load(n)
g = m.batch_stream(jax.random.PRNGKey(0), jnp.arange(100.0), 8)
bs = [next(g) for _ in range(3)]
same = all(bool(jnp.all(b == bs[0])) for b in bs)
verdict(n, same, f"3 batches identical={same}: {bs[0][:4]}")
