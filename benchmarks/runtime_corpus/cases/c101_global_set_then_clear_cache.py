# expect: none
import jax
import jax.numpy as jnp

dropout_rate = 0.1


@jax.jit
def scale_activations(h):
    return h * (1.0 - dropout_rate)


def set_dropout_rate(rate):
    global dropout_rate
    dropout_rate = rate
    scale_activations.clear_cache()
