from rt import *
n = "b104_random_crop_np_random_method"; m, _, _ = load(n)
img = jnp.arange(256.0).reshape(16, 16)
outs = {float(m.crop(img)[0, 0]) for _ in range(10)}
verdict(n, len(outs) == 1, f"{len(outs)} distinct crops in 10 calls")
