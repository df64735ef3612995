from rt import *
n = "c201_nnx_cache_variable_setitem"; m, _, _ = load(n)
try:
    cache = m.KVCache(4, 2)
    o1 = m.decode_step(cache, jnp.ones(2), jnp.ones(2), jnp.array([1.0, 2.0]))
    o2 = m.decode_step(cache, jnp.ones(2), jnp.ones(2), jnp.array([3.0, 4.0]))
    ok = int(cache.index[...]) == 2 and bool(jnp.allclose(o1, jnp.array([1.0, 2.0]))) and bool(jnp.allclose(o2, jnp.array([2.0, 3.0])))
    verdict(n, not ok, f"ok={ok} {o1} {o2}")
except Exception as e:
    verdict(n, True, f"{ename(e)}: {str(e)[:150]}")
