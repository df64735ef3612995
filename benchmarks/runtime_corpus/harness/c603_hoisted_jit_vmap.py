from rt import *
n = "c603_hoisted_jit_vmap"; m, _, _ = load(n)
p = {"w": jnp.ones((2, 1)), "b": jnp.zeros(1)}
batches = [(jnp.ones((4, 2)) * (i - 2), jnp.ones(4, bool)) for i in range(5)]
m.evaluate(p, batches[:1])
tc = TraceCounter()
with tc:
    c = m.evaluate(p, batches)
verdict(n, tc.n >= 2 or c != 8, f"{tc.n} compilations, correct={c}")
