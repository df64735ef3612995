from rt import *
n = "b101_ema_decay_warmup_global"; m, _, _ = load(n)
got = m.train({"w": jnp.zeros(2)}, 5)["w"][0]
ema, p = 0.0, 0.0
for step in range(5):
    p += 1.0; d = min(0.999, (1.0 + step) / (10.0 + step)); ema = d * ema + (1 - d) * p
verdict(n, abs(float(got) - ema) > 1e-5, f"got {float(got)} ref {ema}")
