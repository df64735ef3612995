import jax
import jax.numpy as jnp


@jax.jit
def clip_update(grads, cfg):
    if cfg["max_norm"] > 0:  # expect: JXP401
        norm = jnp.linalg.norm(grads)
        grads = grads * jnp.minimum(1.0, cfg["max_norm"] / norm)
    return grads


def make_cfg():
    return {"max_norm": jnp.asarray(1.0)}
