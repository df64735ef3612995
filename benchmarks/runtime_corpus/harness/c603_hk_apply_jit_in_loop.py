from rt import *
n = "c603_hk_apply_jit_in_loop"; m, _, _ = load(n)
x = jnp.ones((2, 3))
p = m.net.init(jax.random.key(0), x)
m.evaluate(p, [x])
batches = [x * i for i in range(4)]
tc = TraceCounter()
with tc:
    m.evaluate(p, batches)
verdict(n, tc.n > 0, f"{tc.n} compiles for 4 batches after warm-up")
