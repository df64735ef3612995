from rt import *
n = "b302_scan_closed_key"; m, _, _ = load(n, key_reuse=True)
e = raises(m.langevin, jax.random.key(0), jnp.zeros(2), 5)
verdict(n, key_reuse_error(e), ename(e))
