from rt import *
n = "b601_lru_cache_jnp_mask"; m, _, _ = load(n)
q = jnp.ones((4, 2))
e1 = raises(m.attention, q, q, q)
e2 = raises(m.attention_scores, q, q)
e = e1 or e2
verdict(n, e is not None, f"{ename(e1)} / {ename(e2)}")
