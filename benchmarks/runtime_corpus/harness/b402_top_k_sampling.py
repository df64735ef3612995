from rt import *
n = "b402_top_k_sampling"; m, _, _ = load(n)
e = raises(m.sample_top_k, jnp.arange(10.0), jax.random.key(0), 3)
verdict(n, e is not None, ename(e))
