from rt import *
n = "b402_random_shape"; m, _, _ = load(n)
e = raises(m.sample_noise, jax.random.key(0), jnp.ones(3))
verdict(n, e is not None, ename(e))
