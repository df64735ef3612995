import jax
import jax.numpy as jnp

CLIP = 1.0


@jax.jit
def clip_grads(g, clip=CLIP):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, clip / (norm + 1e-6))


def set_clip(v):
    global CLIP
    CLIP = v
