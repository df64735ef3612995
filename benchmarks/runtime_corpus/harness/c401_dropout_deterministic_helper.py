from rt import *
n = "c401_dropout_deterministic_helper"; m, _, _ = load(n)
k = jax.random.PRNGKey(0)
e1 = raises(m.forward, jnp.eye(2), jnp.ones((1, 2)), k, deterministic=True)
e2 = raises(m.forward, jnp.eye(2), jnp.ones((1, 2)), k)
verdict(n, e1 is not None or e2 is not None, f"{ename(e1)} {ename(e2)}")
