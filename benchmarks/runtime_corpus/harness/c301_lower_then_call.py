from rt import *
n = "c301_lower_then_call"; m, _, _ = load(n, key_reuse=True)
e = raises(m.compile_and_run, jax.random.key(0), jnp.zeros(2))
verdict(n, e is not None, ename(e))
