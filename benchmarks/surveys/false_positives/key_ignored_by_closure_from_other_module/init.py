"""An initializer factory whose initializer ignores its key (xlstm-jax's bias_linspace_init)."""
import jax.numpy as jnp


def linspace_init(start, end):
    def init_fn(key, shape, dtype=jnp.float32):  # the key is not used
        return jnp.linspace(start, end, num=shape[0], dtype=dtype)

    return init_fn
