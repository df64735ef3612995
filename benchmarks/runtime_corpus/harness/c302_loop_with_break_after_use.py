from rt import *
n = "c302_loop_with_break_after_use"; m, _, _ = load(n, key_reuse=True)
e = raises(m.first_valid, jax.random.key(0), [None, jnp.zeros(2), jnp.ones(2)])
verdict(n, e is not None, ename(e))
