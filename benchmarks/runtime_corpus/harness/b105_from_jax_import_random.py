from rt import *
n = "b105_from_jax_import_random"; m, _, _ = load(n)
a = m.augment(jnp.zeros(3)); b = m.augment(jnp.ones(3)) - 1.0
verdict(n, bool(jnp.allclose(a, b)), f"same noise on two different batches: {a} {b}")
