import functools

import jax
import jax.numpy as jnp


def _topk_mask(x, k):
    k = int(k)
    thresh = jnp.sort(x, axis=-1)[..., -k]
    return jnp.where(x >= thresh[..., None], x, 0.0)


def topk_mask(x, k):
    return _jitted(x, k=int(k))


_jitted = jax.jit(_topk_mask, static_argnames="k")


@functools.partial(jax.jit, static_argnums=(1,))
def keep_fraction(x, frac):
    k = max(1, int(float(frac) * x.shape[-1]))
    return _topk_mask(x, k)
