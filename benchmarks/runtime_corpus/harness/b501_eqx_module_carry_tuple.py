from rt import *
n = "b501_eqx_module_carry_tuple"; m, _, _ = load(n)
rnn = m.RNN(2, 3, jax.random.key(0))
e = raises(rnn, jnp.ones((5, 2)))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
