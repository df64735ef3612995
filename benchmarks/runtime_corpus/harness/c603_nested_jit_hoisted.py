from rt import *
n = "c603_nested_jit_hoisted"; m, _, _ = load(n)
x = jnp.ones((4, 2)); y = jnp.ones(4)
m.train(jnp.zeros(2), x, y)  # warm every eager-op cache
tc = TraceCounter()
with tc:
    _, steps = m.train(jnp.zeros(2), x, y)
verdict(n, tc.n >= 1, f"{tc.n} val_loss compilations over {steps} steps")
