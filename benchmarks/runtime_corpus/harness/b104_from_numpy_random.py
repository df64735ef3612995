from rt import *
n = "b104_from_numpy_random"; m, _, _ = load(n)
img = jnp.arange(100.0).reshape(100, 1)
tops = {float(m.random_crop_jit(img, 2)[0, 0]) for _ in range(5)}
verdict(n, len(tops) == 1, f"distinct crops over 5 calls: {len(tops)}")
