from rt import *
n = "b603_jit_value_and_grad_epoch"; m, _, _ = load(n)
tc = TraceCounter()
x, y = jnp.ones((4, 2)), jnp.zeros(4)
m.fit(jnp.ones(2), x, y, 1)
with tc:
    m.fit(jnp.ones(2), x, y, 4)
verdict(n, tc.n >= 4, f"{tc.n} compiles for 4 epochs (after warm-up)")
