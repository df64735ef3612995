import math
import jax
import jax.numpy as jnp


@jax.jit
def scaled_attention(q, k, temperature):
    scale = math.sqrt(temperature)  # expect: JXP403
    return jax.nn.softmax(q @ k.T / scale)
