from rt import *
n = "c102_nnx_variable_step_counter"; m, _, _ = load(n)
model, opt = m.make()
x = jnp.ones((5, 3)); y = jnp.zeros(5)
losses = [float(m.train_step(model, opt, x, y)) for _ in range(3)]
steps, ex = int(model.steps.value), int(model.examples.value)
verdict(n, steps != 3 or ex != 15 or not losses[2] < losses[0], f"steps={steps} examples={ex} losses={losses}")
