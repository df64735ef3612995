import functools

import jax
import jax.numpy as jnp

TEMPERATURE = 1.0


def softmax_t(logits, temperature):
    return jax.nn.softmax(logits / temperature)


sharp = jax.jit(functools.partial(softmax_t, temperature=TEMPERATURE))

TEMPERATURE = 4.0
smooth = jax.jit(functools.partial(softmax_t, temperature=TEMPERATURE))
