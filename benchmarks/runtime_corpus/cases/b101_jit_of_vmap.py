import jax
import jax.numpy as jnp

margin = 0.0


def hinge(score):
    return jnp.maximum(0.0, margin - score)  # expect: JXP101


batched_hinge = jax.jit(jax.vmap(hinge))


def set_margin(m):
    global margin
    margin = m
