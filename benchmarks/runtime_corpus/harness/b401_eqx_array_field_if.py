from rt import *
n = "b401_eqx_array_field_if"; m, _, _ = load(n)
s = m.Sampler(5, 0.7)
e = raises(m.sample, s, jnp.zeros(5), jax.random.PRNGKey(0))
verdict(n, e is not None, ename(e))
