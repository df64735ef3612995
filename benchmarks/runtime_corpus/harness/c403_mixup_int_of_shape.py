from rt import *
n = "c403_mixup_int_of_shape"; m, _, _ = load(n)
imgs = jnp.ones((4, 8, 8, 3)); labels = jax.nn.one_hot(jnp.arange(4), 4)
e = raises(m.cutout_mixup, imgs, labels, jax.random.PRNGKey(0))
_, _, kept = m.cutout_mixup(imgs, labels, jax.random.PRNGKey(0))
verdict(n, e is not None or abs(float(kept) - 0.75) > 1e-6, f"{ename(e)} kept={float(kept)}")
