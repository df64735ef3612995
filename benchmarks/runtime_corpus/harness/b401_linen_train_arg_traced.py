from rt import *
n = "b401_linen_train_arg_traced"; m, _, _ = load(n)
params = m.model.init(jax.random.key(0), jnp.ones((2, 3)), False)
e = raises(m.predict, params, jnp.ones((2, 3)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
