from rt import *
n = "c603_lru_cache_factory"; m, _, _ = load(n)
tc = TraceCounter()
bs = [jnp.ones(8) * i for i in range(5)]
with tc:
    m.pool_all(bs)
verdict(n, tc.n > 1, f"{tc.n} compiles for 5 batches")
