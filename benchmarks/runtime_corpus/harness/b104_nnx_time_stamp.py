from rt import *
import time
n = "b104_nnx_time_stamp"; m, _, _ = load(n)
model, opt = m.make()
x = jnp.ones((4, 4)); y = jnp.zeros(4)
m.train_step(model, opt, x, y); t1 = float(model.seconds_at_update.value)
time.sleep(1.5)
m.train_step(model, opt, x, y); t2 = float(model.seconds_at_update.value)
verdict(n, t2 - t1 < 1.0, f"timestamps {t1:.3f} then {t2:.3f} after sleeping 1.5 s")
