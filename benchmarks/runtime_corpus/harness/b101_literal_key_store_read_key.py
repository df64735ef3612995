from rt import *
n = "b101_literal_key_store_read_key"; m, _, _ = load(n)
a = float(m.scaled(jnp.ones(()))); m.anneal(); b = float(m.scaled(jnp.ones(())))
verdict(n, b != 0.5, f"before {a} after anneal {b}")
