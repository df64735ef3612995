"""Mixup / cutout augmentation with sizes derived from static shapes."""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def cutout_mixup(images, labels, key, alpha=0.4, cut_frac=0.25):
    b, h, w, c = images.shape
    cut = int(h * cut_frac)
    n_pixels = int(np.prod(images.shape[1:3]))
    k_perm, k_lam, k_pos = jax.random.split(key, 3)
    perm = jax.random.permutation(k_perm, b)
    lam = jax.random.beta(k_lam, alpha, alpha, (b, 1, 1, 1))
    mixed = lam * images + (1 - lam) * images[perm]
    mixed_labels = lam[:, 0, 0] * labels + (1 - lam[:, 0, 0]) * labels[perm]
    top = jax.random.randint(k_pos, (), 0, h - cut + 1)
    window = jax.lax.dynamic_slice(jnp.ones((h, w)), (top, 0), (cut, w))
    mask = jax.lax.dynamic_update_slice(jnp.ones((h, w)), 0.0 * window, (top, 0))
    kept = mask.sum() / n_pixels
    return mixed * mask[None, :, :, None], mixed_labels, kept
