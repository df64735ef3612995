import jax, jax.numpy as jnp, numpy as np
from rt import load, verdict, ename
N = "b101_temperature_setter"
m, exc, _ = load(N)
lg = jnp.arange(8.0)
a = m.scaled_logits(lg)
m.set_temperature(2.0)
b = m.scaled_logits(lg)
stale = np.allclose(a[-1], b[-1])
verdict(N, stale, f"after set_temperature(2.0): top logit {float(b[-1])} (expected {7/2})")
