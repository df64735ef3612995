import jax
import jax.numpy as jnp


@jax.jit
def dropout_layer(x, key, rate=0.1, training=False):
    if training:  # expect: JXP401
        keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
        return jnp.where(keep, x / (1.0 - rate), 0.0)
    return x


def train_forward(x, key):
    return dropout_layer(x, key, training=True)
