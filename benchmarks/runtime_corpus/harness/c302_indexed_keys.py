from rt import *
n = "c302_indexed_keys"; m, _, _ = load(n, key_reuse=True)
e = raises(m.bootstrap_means, jax.random.key(0), jnp.arange(5.0), 3)
verdict(n, e is not None, ename(e))
