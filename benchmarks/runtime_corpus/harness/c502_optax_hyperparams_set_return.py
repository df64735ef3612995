from rt import *
n = "c502_optax_hyperparams_set_return"; m, _, _ = load(n)
try:
    params = {"w": jnp.ones(3)}
    x = jnp.eye(3); y = jnp.zeros(3)
    p, s = m.fit(params, x, y, [0.1, 0.0, 0.0])
    ref = params["w"] - 0.1 * jax.grad(m.loss_fn)(params, x, y)["w"]
    ok = bool(jnp.allclose(p["w"], ref)) and float(s.hyperparams["learning_rate"]) == 0.0
    verdict(n, not ok, f"w {p['w']} ref {ref} lr {float(s.hyperparams['learning_rate'])}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:100]}")
