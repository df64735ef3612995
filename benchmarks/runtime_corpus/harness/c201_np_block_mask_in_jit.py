from rt import *
n = "c201_np_block_mask_in_jit"; m, _, _ = load(n)
try:
    x = jnp.ones((4, 2))
    out = m.block_causal_attention(x, x, jnp.arange(8.0).reshape(4, 2))
    ok = bool(jnp.allclose(out[0], jnp.array([1.0, 2.0])))
    verdict(n, not ok, f"ok={ok} {out[0]}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
