from rt import *
n = "c302_linen_make_rng_in_loop"; m, _, _ = load(n, key_reuse=True)
try:
    x = jnp.zeros((1, 4))
    params = m.model.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, x)
    a = m.forward(params, x, jax.random.key(2)); b = m.forward(params, x, jax.random.key(3))
    verdict(n, bool(jnp.array_equal(a, b)), f"different keys give different outputs: {not bool(jnp.array_equal(a, b))}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
