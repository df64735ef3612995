from rt import *
n = "c301_paired_crop_same_key"; m, _, _ = load(n)
img = jnp.arange(32 * 32 * 3, dtype=jnp.float32).reshape(32, 32, 3)
mask = img[..., 0]
ok = True
for s in range(5):
    a, b = m.augment_pair(img, mask, jax.random.PRNGKey(s))
    ok &= bool(jnp.all(a[..., 0] == b))
verdict(n, not ok, f"image and mask crops aligned in 5 draws: {ok}")
