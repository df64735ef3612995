from rt import *
n = "b105_jr_key_vmap"; m, _, _ = load(n)
out = m.noisy_batch(jnp.zeros((4, 3)))
verdict(n, bool(jnp.allclose(out[0], out[1])), f"every batch element same noise: {bool(jnp.allclose(out[0], out[1]))}")
