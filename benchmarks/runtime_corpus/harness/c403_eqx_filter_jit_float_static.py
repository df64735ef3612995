from rt import *
import math
n = "c403_eqx_filter_jit_float_static"; m, _, _ = load(n)
try:
    attn = m.Attention(8, 2, jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (3, 8))
    out = m.attend(attn, x, 0.5)
    q, k, v = jnp.split(jax.vmap(attn.qkv)(x), 3, axis=-1)
    ref = jax.nn.softmax(q @ k.T / (math.sqrt(4) * 0.5), axis=-1) @ v
    verdict(n, not bool(jnp.allclose(out, ref, atol=1e-5)), "matches eager reference")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
