from rt import *
n = "c601_scan_outputs"; m, _, _ = load(n)
e = raises(m.rnn, jnp.zeros(()), jnp.ones(4), 0.5)
verdict(n, e is not None, ename(e))
