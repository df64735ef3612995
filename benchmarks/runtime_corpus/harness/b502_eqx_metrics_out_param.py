from rt import *
n = "b502_eqx_metrics_out_param"; m, _, _ = load(n)
model = m.eqx.nn.Linear(3, 1, key=jax.random.key(0))
metrics = {}
m.eval_step(model, jnp.ones((4, 3)), jnp.zeros((4, 1)), metrics)
ok = "mse" in metrics and isinstance(metrics["mse"], jax.Array) and not isinstance(metrics["mse"], jax.core.Tracer)
verdict(n, not ok, f"caller metrics after call: {metrics}")
