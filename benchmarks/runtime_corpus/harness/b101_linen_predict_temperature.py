from rt import *
n = "b101_linen_predict_temperature"; m, _, _ = load(n)
x = jnp.ones((1, 4))
v = m.model.init(jax.random.key(0), x)
m.predict_proba(v, x)
m.calibrate(100.0)
got = m.predict_proba(v, x)
ref = jax.nn.softmax(m.model.apply(v, x) / 100.0)
verdict(n, not np.allclose(got, ref, atol=1e-6), f"after calibrate(100): {np.asarray(got).round(4)} vs eager {np.asarray(ref).round(4)}")
