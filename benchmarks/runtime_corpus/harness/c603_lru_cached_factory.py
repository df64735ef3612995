from rt import *
n = "c603_lru_cached_factory"; m, _, _ = load(n)
tc = TraceCounter()
m.train(jnp.zeros(2), [jnp.ones(2)])
with tc:
    m.train(jnp.zeros(2), [jnp.ones(2)] * 5)
verdict(n, tc.n > 0, f"compiles in 5 steps after warmup: {tc.n}")
