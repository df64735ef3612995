from rt import *
n = "c101_temperature_passed_through_wrapper"; m, _, _ = load(n)
logits = jnp.array([1.0, 2.0, 3.0])
a = m.predict_proba(logits)
m.set_temperature(0.5)
b = m.predict_proba(logits)
ref = jax.nn.softmax(logits / 0.5)
verdict(n, not bool(jnp.allclose(b, ref)), f"after t=0.5 got {b} ref {ref}")
