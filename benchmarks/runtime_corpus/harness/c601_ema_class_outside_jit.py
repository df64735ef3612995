from rt import *
n = "c601_ema_class_outside_jit"; m, _, _ = load(n)
ema = m.EMA({"w": jnp.zeros(2)})
ema.update({"w": jnp.ones(2)}); ema.update({"w": jnp.ones(2)})
e = raises(lambda: [h["w"] + 1 for h in ema.history])
verdict(n, e is not None, ename(e))
