from rt import *
import equinox as eqx
n = "c401_eqx_inference_mode_dropout"; m, _, _ = load(n)
try:
    model = m.Block(4, 0.5, True, jax.random.key(0))
    x = jnp.ones(4)
    ev = m.evaluate(model, x)
    ref = x + jax.nn.gelu(model.linear(x))
    tr = m.model_train = eqx.filter_jit(lambda mdl, x, k: mdl(x, key=k))(model, x, jax.random.key(1))
    ok = bool(jnp.allclose(ev, ref, atol=1e-6)) and not bool(jnp.allclose(tr, ref))
    verdict(n, not ok, f"eval matches deterministic ref: {bool(jnp.allclose(ev, ref, atol=1e-6))}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
