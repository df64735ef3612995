from rt import *
n = "b102_eqx_filter_jit_global_step"; m, _, _ = load(n)
model, opt_state = m.make(jax.random.key(0))
x = jnp.ones((4, 3)); y = jnp.zeros(4)
for _ in range(4):
    model, opt_state, loss = m.make_step(model, opt_state, x, y)
verdict(n, m.num_updates != 4, f"num_updates = {m.num_updates} after 4 steps")
