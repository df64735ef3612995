from rt import *
n = "c401_haiku_apply_static_is_training"; m, _, _ = load(n)
try:
    x = jnp.ones((3, 4))
    params = m.model.init(jax.random.PRNGKey(0), x, True)
    a, b = m.train_and_eval(params, jax.random.PRNGKey(1), x)
    ref = m.model.apply(params, None, x, False)
    ok = a.shape == (3, 2) and bool(jnp.allclose(b, ref, atol=1e-5))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
