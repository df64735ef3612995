from rt import *
n = "c301_split_array_distinct_indices"; m, _, _ = load(n, key_reuse=True)
e = raises(m.init_model, 0)
p = m.init_model(1) if e is None else None
verdict(n, e is not None or bool(jnp.allclose(p["query"]["proj"], p["item"]["proj"])), ename(e))
