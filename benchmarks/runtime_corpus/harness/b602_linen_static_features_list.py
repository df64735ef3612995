from rt import *
n = "b602_linen_static_features_list"; m, _, _ = load(n)
e = raises(m.build, jax.random.key(0))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
