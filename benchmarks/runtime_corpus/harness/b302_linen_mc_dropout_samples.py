from rt import *
n = "b302_linen_mc_dropout_samples"; m, _, _ = load(n)
x = jnp.ones((2, 3))
params = m.model.init(jax.random.key(0), x)
mean, std = m.mc_dropout_predict(params, x, jax.random.key(1))
verdict(n, float(std.max()) == 0.0, f"MC-dropout std over 8 samples: {std}")
