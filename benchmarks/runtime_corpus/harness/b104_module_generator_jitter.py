from rt import *
n = "b104_module_generator_jitter"; m, _, _ = load(n)
x = jnp.full((2, 2), 0.5)
vals = {float(m.augment(x)[0, 0]) for _ in range(5)}
verdict(n, len(vals) == 1, f"{len(vals)} distinct brightness offsets over 5 calls")
