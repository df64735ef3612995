from rt import *
n = "b402_nnx_cache_index_slice"; m, _, _ = load(n)
e = raises(m.step, m.DecodeCache(4, 2), jnp.ones(2), jnp.ones(2))
verdict(n, e is not None, f"{ename(e)}: {str(e)[:100]}")
