from functools import partial

import jax
import jax.numpy as jnp

last_mode = None


@partial(jax.jit, static_argnames="mode")
def augment(x, mode):
    global last_mode
    last_mode = mode  # expect: JXP102
    if mode == "flip":
        return x[::-1]
    return x + 0.1
