from rt import *
n = "b401_default_flag_passed"; m, _, _ = load(n)
e = raises(m.train_forward, jnp.ones((4,)), jax.random.PRNGKey(0))
verdict(n, e is not None, ename(e))
