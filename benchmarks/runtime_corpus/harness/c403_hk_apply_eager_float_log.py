from rt import *
n = "c403_hk_apply_eager_float_log"; m, _, _ = load(n)
try:
    params = m.net.init(jax.random.PRNGKey(0), jnp.ones((2, 3)))
    y = m.inspect(params, jnp.ones((2, 3)))
    verdict(n, y.shape != (2, 1), f"eager init/apply run fine, out shape {y.shape}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {e}")
