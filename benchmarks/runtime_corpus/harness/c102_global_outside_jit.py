from rt import *
n = "c102_global_outside_jit"; m, _, _ = load(n)
m.train(jnp.ones(2), 3)
verdict(n, m.steps_done != 3, f"steps_done={m.steps_done}")
