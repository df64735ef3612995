from rt import *
n = "c101_local_lr_shadow_sweep"; m, _, _ = load(n)
p, g = {"w": jnp.ones(2)}, {"w": jnp.ones(2)}
a = float(m.sgd(p, g)["w"][0])
m.lr_sweep(p, g, [0.5, 0.01]); m.decayed(3.0)
b = float(m.sgd(p, g)["w"][0])
verdict(n, not (abs(a - 0.9) < 1e-6 and abs(b - 0.9) < 1e-6 and m.lr == 0.1), f"before {a}, after sweep {b}, global lr {m.lr}")
