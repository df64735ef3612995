from rt import *
n = "c601_nnx_attr_array_init"; m, _, _ = load(n)
from flax import nnx
model = m.AttentionProbe(4, 3, rngs=nnx.Rngs(0))
x = jax.random.normal(jax.random.key(1), (3, 4))
try:
    m.forward(model, x)
    ent = float(m.attention_entropy(model))
    ref_model = m.AttentionProbe(4, 3, rngs=nnx.Rngs(0)); ref_model(x)
    ref = float(m.attention_entropy(ref_model))
    verdict(n, abs(ent - ref) > 1e-5 or ent == 0.0, f"entropy {ent} ref {ref}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
