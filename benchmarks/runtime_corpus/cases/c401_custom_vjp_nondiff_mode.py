# expect: none
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_grad(x, mode):
    return x


def clip_fwd(x, mode):
    if x.ndim == 0:
        return x, None
    return x, x.shape


def clip_bwd(mode, res, g):
    if mode == "clip":
        g = jnp.clip(g, -1.0, 1.0)
    eps = jnp.finfo(g.dtype).eps
    if eps < 1e-3:
        g = g * 1.0
    return (g,)


clip_grad.defvjp(clip_fwd, clip_bwd)


@jax.jit
def loss(x):
    return jnp.sum(clip_grad(x, "clip") ** 2)
