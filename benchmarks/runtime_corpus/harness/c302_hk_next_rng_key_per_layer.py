from rt import *
n = "c302_hk_next_rng_key_per_layer"; m, _, _ = load(n, key_reuse=True)
try:
    x = jnp.ones((1, 8))
    params = m.net.init(jax.random.key(0), x, True)
    a = m.train_apply(params, jax.random.key(1), x)
    b = m.train_apply(params, jax.random.key(2), x)
    verdict(n, bool(jnp.array_equal(a, b)), "no key reuse; different rngs give different masks")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
