from rt import *
n = "c601_hk_set_state_ema"; m, _, _ = load(n)
try:
    x = jnp.arange(6.0).reshape(2, 3)
    params, state = m.net.init(jax.random.key(0), x)
    for _ in range(3):
        y, state = m.apply_fn(params, state, x)
    got = state["ema_normalizer"]["mean"]
    ref = (1 - 0.9 ** 3) * x.mean(0)
    verdict(n, not bool(jnp.allclose(got, ref, atol=1e-5)), f"ema {got} ref {ref}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
