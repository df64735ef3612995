from rt import *
n = "b104_augment_numpy_random_flip"; m, _, _ = load(n)
img = jnp.tile(jnp.arange(4.0)[None, None, :, None], (1, 4, 1, 1)) / 10
flips = []
for i in range(30):
    out = m.augment(img, jax.random.PRNGKey(i))
    flips.append(bool(out[0, 0, 0, 0] > out[0, 0, 3, 0]))
verdict(n, len(set(flips)) == 1, f"flip decision over 30 calls: {sum(flips)} flipped (frozen at trace time)")
