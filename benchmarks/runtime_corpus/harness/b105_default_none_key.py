from rt import *
n = "b105_default_none_key"; m, _, _ = load(n)
logits = jnp.zeros((64, 10))
a = m.sample_tokens(logits); b = m.sample_tokens(logits)
verdict(n, bool(jnp.all(a == b)), f"two default-key calls identical: {bool(jnp.all(a == b))}")
