# expect: none
import jax
import jax.numpy as jnp


def init_first_trainable(key, layers):
    for name, shape in layers:
        if name.startswith("frozen"):
            continue
        weights = jax.random.normal(key, shape)
        break
    else:
        weights = None
    return weights
