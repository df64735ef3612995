from rt import *
n = "b601_cache_dict_vmap"; m, _, _ = load(n)
m.featurize_batch(jnp.ones((2, 3)))
e = raises(lambda: m._feature_cache["last"] + 1)
verdict(n, ename(e) == "UnexpectedTracerError", ename(e))
