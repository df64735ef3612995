# expect: none
import jax
import jax.numpy as jnp

offset = 1.0


def shift(x):
    return x + offset


batched_shift = jax.vmap(shift)


def set_offset(v):
    global offset
    offset = v
