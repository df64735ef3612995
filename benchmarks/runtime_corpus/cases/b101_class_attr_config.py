import jax
import jax.numpy as jnp


class Hparams:
    clip_norm = 1.0


@jax.jit
def clip_grads(g):
    norm = jnp.linalg.norm(g)
    return g * jnp.minimum(1.0, Hparams.clip_norm / norm)  # expect: JXP101


def tighten_clipping():
    Hparams.clip_norm = 0.1
