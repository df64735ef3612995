from rt import *
n = "c601_nnx_metrics_update"; m, _, _ = load(n)
x = jnp.ones((4, 3))
l1 = float(m.eval_step(m.model, m.metrics, x, jnp.zeros((4, 1))))
l2 = float(m.eval_step(m.model, m.metrics, x, jnp.ones((4, 1))))
avg = float(m.metrics.compute()["loss"])
verdict(n, abs(avg - (l1 + l2) / 2) > 1e-5, f"avg {avg} vs {(l1 + l2) / 2}")
