from rt import *
n = "b102_global_step_counter"; m, _, _ = load(n)
data = [(jnp.ones((4, 2)), jnp.ones(4))] * 3
w, steps = m.train(jnp.zeros(2), data, 2)
verdict(n, steps != 6, f"global_step after 6 train steps = {steps}")
