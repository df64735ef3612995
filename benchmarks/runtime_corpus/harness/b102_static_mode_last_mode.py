from rt import *
n = "b102_static_mode_last_mode"; m, _, _ = load(n)
x = jnp.arange(3.0)
m.augment(x, mode="flip"); m.augment(x, mode="shift"); m.augment(x, mode="flip")
verdict(n, m.last_mode != "flip", f"last_mode={m.last_mode!r} after the last call used 'flip'")
