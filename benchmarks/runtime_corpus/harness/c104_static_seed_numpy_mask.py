from rt import *
n = "c104_static_seed_numpy_mask"; m, _, _ = load(n)
p = jnp.ones((16, 3))
ok = True
for seed in [0, 1, 0, 2]:
    got = m.mask_patches(p, 5, seed)
    idx = np.random.default_rng(seed).permutation(16)[:5]
    keep = np.ones(16, bool); keep[idx] = False
    ok &= np.allclose(got, np.asarray(p) * keep[:, None])
verdict(n, not ok, "masks match a fresh numpy draw for each static seed")
