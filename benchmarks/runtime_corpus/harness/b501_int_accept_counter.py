from rt import *
n = "b501_int_accept_counter"; m, _, _ = load(n)
e = raises(m.metropolis, jax.random.PRNGKey(0), jnp.zeros(2), lambda x: -jnp.sum(x ** 2), 10)
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
