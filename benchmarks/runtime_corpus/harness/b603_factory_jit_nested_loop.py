from rt import *
n = "b603_factory_jit_nested_loop"; m, _, _ = load(n)
tc = TraceCounter()
m.train(jnp.zeros(2), [jnp.ones(2)])
with tc:
    m.train(jnp.zeros(2), [jnp.ones(2)] * 5)
verdict(n, tc.n >= 5, f"compiles in 5 steps after warmup: {tc.n}")
