from rt import *
n = "c302_nnx_split_rngs_vmap_ensemble"; m, _, _ = load(n)
try:
    ens = m.build(0)
    out = m.ensemble_predict(ens, jnp.ones(3))
    distinct = len({round(float(v), 6) for v in out.ravel()}) == 4
    verdict(n, not distinct, f"member outputs {out.ravel()}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
