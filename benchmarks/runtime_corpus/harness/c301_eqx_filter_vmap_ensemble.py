from rt import *
n = "c301_eqx_filter_vmap_ensemble"; m, _, _ = load(n, key_reuse=True)
try:
    ens = m.make_ensemble(jax.random.key(0), 3, 2, 1)
    out = m.ensemble_predict(ens, jnp.ones(2))
    distinct = len({round(float(v), 6) for v in out.ravel()}) == 3
    verdict(n, not distinct, f"member outputs {out.ravel()}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
