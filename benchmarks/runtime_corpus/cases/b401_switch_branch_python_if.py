import jax
import jax.numpy as jnp


def _relu_branch(x):
    return jnp.maximum(x, 0.0)


def _clip_branch(x):
    if jnp.max(jnp.abs(x)) > 1.0:  # expect: JXP401
        x = x / jnp.max(jnp.abs(x))
    return x


def activate(kind, x):
    return jax.lax.switch(kind, [_relu_branch, _clip_branch], x)
