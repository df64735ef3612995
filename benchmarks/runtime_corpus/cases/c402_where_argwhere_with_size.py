# expect: none
import jax
import jax.numpy as jnp

MAX_ACTIVE = 4


@jax.jit
def active_indices(scores, threshold):
    keep = scores > threshold
    (idx,) = jnp.where(keep, size=MAX_ACTIVE, fill_value=-1)
    coords = jnp.argwhere(keep, size=scores.shape[0], fill_value=0)
    flat = jnp.flatnonzero(keep, size=MAX_ACTIVE, fill_value=0)
    picked = jnp.compress(jnp.arange(scores.shape[0]) < MAX_ACTIVE, scores, size=MAX_ACTIVE)
    return idx, coords[:, 0], scores[flat], picked
