from rt import *
n = "b202_linen_cache_variable_discarded"; m, _, _ = load(n)
cache = m.model.init(jax.random.key(0), jnp.ones(4), jnp.ones(4))["cache"]
cache = jax.tree.map(jnp.zeros_like, cache)
for t in range(3):
    cache, vs = m.decode_step(cache, jnp.ones(4) * (t + 1), jnp.ones(4) * (t + 1))
vsum = float(jnp.abs(cache["v"]).sum()); ksum = float(jnp.abs(cache["k"]).sum())
verdict(n, vsum == 0.0, f"|v cache| = {vsum} (k cache {ksum}) after 3 steps")
