from rt import *
n = "b601_self_cache"; m, _, _ = load(n)
enc = m.Encoder(jnp.eye(2)); enc(jnp.ones(2))
e = raises(lambda: enc.last_hidden + 1)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
