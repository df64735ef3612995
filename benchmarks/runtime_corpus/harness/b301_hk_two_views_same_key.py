from rt import *
n = "b301_hk_two_views_same_key"; m, _, _ = load(n, key_reuse=True)
x = jnp.ones((2, 3))
e = raises(lambda: m.views.init(jax.random.key(0), x))
if key_reuse_error(e):
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
else:
    jax.config.update("jax_debug_key_reuse", False)
    params = m.views.init(jax.random.key(0), x)
    z1, z2 = m.views.apply(params, jax.random.key(1), x)
    verdict(n, bool(jnp.array_equal(z1, z2)), f"two views identical: {bool(jnp.array_equal(z1, z2))}")
