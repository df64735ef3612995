"""Top-k mask where the static index points at the wrong parameter."""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1,))
def topk_mask(scores, temperature, k):
    scaled = scores / temperature
    _, idx = jax.lax.top_k(scaled, k)  # expect: JXP402
    return jnp.zeros_like(scores, bool).at[idx].set(True)


def keep_best(scores, k=3):
    return topk_mask(scores, 1.0, k)
