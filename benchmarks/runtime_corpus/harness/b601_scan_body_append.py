from rt import *
n = "b601_scan_body_append"; m, _, _ = load(n)
e = raises(m.rnn, jnp.zeros(()), jnp.ones(4), 0.5)
verdict(n, e is not None, ename(e))
