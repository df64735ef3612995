from rt import *
n = "b501_fori_best_none_init"; m, _, _ = load(n)
e = raises(m.best_restart, jax.random.PRNGKey(0), lambda x: jnp.sum(x ** 2))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:120]}")
