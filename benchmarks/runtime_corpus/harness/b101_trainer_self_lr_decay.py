from rt import *
n = "b101_trainer_self_lr_decay"; m, _, _ = load(n)
t = m.Trainer(1.0)
p = {"w": jnp.zeros(2)}; g = {"w": jnp.ones(2)}
a = float(t.step(p, g)["w"][0])
t.decay_lr()
b = float(t.step(p, g)["w"][0])
verdict(n, abs(b - (-0.5)) > 1e-6, f"before decay {a}, after decay {b} (expected -0.5)")
