from rt import *
n = "b401_two_eqx_modules_call"; m, _, _ = load(n)
k1, k2 = jax.random.split(jax.random.PRNGKey(0))
e = raises(m.predict, m.Encoder(k1, 3), m.GatedHead(k2, 3), jnp.ones((2, 3)))
verdict(n, e is not None, ename(e))
