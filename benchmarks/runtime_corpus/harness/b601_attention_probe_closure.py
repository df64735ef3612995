from rt import *
n = "b601_attention_probe_closure"; m, _, _ = load(n)
attend, get = m.make_attention(4)
p = {k: jnp.eye(4) for k in ("wq", "wk", "wv")}
attend(p, jnp.ones((3, 4)))
e = raises(m.attention_entropy, get)
verdict(n, e is not None, ename(e))
