from rt import *
n = "b105_eqx_noisy_encoder"; m, _, _ = load(n)
model = m.NoisyEncoder(linear=m.eqx.nn.Linear(3, 4, key=jax.random.key(1)))
xs = jnp.zeros((4, 3))
a = m.encode_batch(model, xs); b = m.encode_batch(model, xs)
same_rows = bool(jnp.allclose(a[0], a[1])); same_calls = bool(jnp.allclose(a, b))
verdict(n, same_rows and same_calls, f"noise identical across batch rows={same_rows}, across calls={same_calls}")
