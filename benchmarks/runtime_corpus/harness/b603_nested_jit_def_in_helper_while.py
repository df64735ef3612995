from rt import *
n = "b603_nested_jit_def_in_helper_while"; m, _, _ = load(n)
x = jnp.ones((4, 2)); y = jnp.ones(4)
m.train(jnp.zeros(2), x, y)  # warm every eager-op cache
tc = TraceCounter()
with tc:
    _, steps = m.train(jnp.zeros(2), x, y)
verdict(n, tc.n >= steps, f"{tc.n} val_loss compilations over {steps} steps")
