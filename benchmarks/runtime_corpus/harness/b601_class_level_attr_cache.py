from rt import *
n = "b601_class_level_attr_cache"; m, _, _ = load(n)
enc = m.Encoder(jnp.eye(2)); enc.encode(jnp.ones((1, 2)))
e = raises(lambda: m.Encoder.last_features + 1)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
