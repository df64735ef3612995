from rt import *
n = "c401_eqx_plain_int_fields"; m, _, _ = load(n)
try:
    model = m.ResidualMLP(3, 2, jax.random.PRNGKey(0))
    y = m.predict(model, jnp.ones((5, 3)))
    ref = jax.vmap(model)(jnp.ones((5, 3)))
    ok = bool(jnp.allclose(y, ref))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
