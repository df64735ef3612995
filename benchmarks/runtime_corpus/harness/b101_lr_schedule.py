from rt import *
n = "b101_lr_schedule"; m, _, _ = load(n)
p = {"w": jnp.ones(3)}; g = {"w": jnp.ones(3)}
a = m.sgd_update(p, g)["w"][0]
m.set_learning_rate(0.5)
b = m.sgd_update(p, g)["w"][0]
verdict(n, abs(float(b) - 0.5) > 1e-6, f"after lr=0.5 got {float(b)} expected 0.5")
