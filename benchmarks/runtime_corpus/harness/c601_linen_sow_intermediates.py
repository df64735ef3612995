from rt import *
n = "c601_linen_sow_intermediates"; m, _, _ = load(n)
x = jnp.ones((3, 2))
params = m.model.init(jax.random.key(0), x)
e = None
try:
    y, attn = m.forward_with_attn(params, x)
    y2, attn2 = m.forward_with_attn(params, x * 2)
    ok = attn.shape == (3, 3) and np.allclose(attn.sum(-1), 1.0, atol=1e-5)
except Exception as ex:
    e = ex; ok = False
verdict(n, not ok, f"attention maps returned as concrete arrays: {ok}; {ename(e)}")
