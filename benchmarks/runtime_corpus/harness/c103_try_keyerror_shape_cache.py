from rt import *
n = "c103_try_keyerror_shape_cache"; m, _, _ = load(n)
q = jnp.ones((4, 2))
r1 = m.masked_scores(q, q); r2 = m.masked_scores(jnp.ones((3, 2)), jnp.ones((3, 2)))
m.masked_scores.clear_cache(); r3 = m.masked_scores(q, q)
ok = bool(jnp.allclose(r1, r3)) and all(isinstance(v, np.ndarray) for v in m._MASKS.values())
verdict(n, not ok, f"cache entries numpy & results stable: {ok}")
