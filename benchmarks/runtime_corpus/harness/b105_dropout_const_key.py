from rt import *
n = "b105_dropout_const_key"; m, _, _ = load(n)
x = jnp.ones(32)
a = m.dropout(x, 0.5) == 0; b = m.dropout(x * 2, 0.5) == 0
verdict(n, bool(jnp.all(a == b)), f"same mask on both calls: {bool(jnp.all(a == b))}")
