from rt import *
n = "c401_linen_module_field_train"; m, _, _ = load(n)
try:
    x = jnp.ones((2, 3))
    params = m.eval_model.init(jax.random.key(0), x)
    a = m.train_logits(params, x, jax.random.key(1)); b = m.train_logits(params, x, jax.random.key(2))
    e1 = m.eval_logits(params, x); ref = m.eval_model.apply(params, x)
    ok = not bool(jnp.allclose(a, b)) and bool(jnp.allclose(e1, ref))
    verdict(n, not ok, f"train calls differ and eval matches reference: {ok}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
