# expect: none
import math

import jax
import jax.numpy as jnp


@jax.jit
def scaled_dot_attention(q, k):
    with jax.ensure_compile_time_eval():
        scale = jnp.sqrt(jnp.float32(q.shape[-1]))
        inv_scale = 1.0 / float(scale)
        if scale > 4.0:
            inv_scale = inv_scale * 0.5
    return jax.nn.softmax((q @ k.T) * inv_scale, axis=-1)
