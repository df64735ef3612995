from rt import *
n = "c401_eqx_filter_grad_eager_array_field"; m, _, _ = load(n)
model = m.HuberRegressor(jax.random.PRNGKey(0), 3)
try:
    g = m.debug_grads(model, jnp.ones((4, 3)), jnp.zeros(4))
    ok = g.w.shape == (3,)
    verdict(n, not ok, f"grads {np.asarray(g.w)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {e}")
