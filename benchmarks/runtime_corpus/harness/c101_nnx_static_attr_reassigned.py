from rt import *
from flax import nnx
n = "c101_nnx_static_attr_reassigned"; m, _, _ = load(n)
try:
    model = m.Sampler(5, 4, rngs=nnx.Rngs(0))
    t = jnp.array([1, 2])
    a = m.next_token_probs(model, t)
    model.set_temperature(0.1)
    b = m.next_token_probs(model, t)
    ref = model(t)
    verdict(n, not bool(jnp.allclose(b, ref, atol=1e-6)) or bool(jnp.allclose(a, b)), "new temperature honoured under nnx.jit")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
