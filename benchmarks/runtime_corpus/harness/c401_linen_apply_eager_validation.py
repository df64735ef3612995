from rt import *
n = "c401_linen_apply_eager_validation"; m, _, _ = load(n)
try:
    with jax.disable_jit(False):
        variables = m.model.init(jax.random.PRNGKey(0), jnp.ones(4))
    p = m.predict_one(variables, jnp.ones(4))
    e = raises(m.predict_one, variables, jnp.array([1.0, jnp.nan, 0.0, 0.0]))
    ok = np.isclose(float(p.sum()), 1.0) and isinstance(e, ValueError)
    verdict(n, not ok, f"sum={float(p.sum())} nan input -> {ename(e)}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {e}")
