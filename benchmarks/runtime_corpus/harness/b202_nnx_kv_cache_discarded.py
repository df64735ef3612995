from rt import *
n = "b202_nnx_kv_cache_discarded"; m, _, _ = load(n)
from flax import nnx
model = m.CachedSelfAttention(4, 8, rngs=nnx.Rngs(0))
for t in range(3):
    m.decode(model, jnp.ones(4) * (t + 1))
written = float(jnp.abs(model.cache_k.value[:3]).sum())
verdict(n, written == 0.0, f"|cache_k[:3]| = {written} after 3 decode steps (cache_v written: {float(jnp.abs(model.cache_v.value[:3]).sum()):.3f})")
