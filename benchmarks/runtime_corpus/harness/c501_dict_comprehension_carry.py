from rt import *
n = "c501_dict_comprehension_carry"; m, _, _ = load(n)
try:
    steps = {"loss": jnp.arange(4.0), "acc": jnp.ones(4), "count": jnp.ones(4)}
    out = jax.jit(m.accumulate_metrics)(steps)
    ok = bool(jnp.allclose(out["loss"], 1.5)) and bool(jnp.allclose(out["acc"], 1.0))
    verdict(n, not ok, f"ok={ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
