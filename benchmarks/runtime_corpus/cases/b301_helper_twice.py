import jax
import jax.numpy as jnp


def dense_init(rng, shape):
    return jax.random.truncated_normal(rng, -2.0, 2.0, shape) * 0.02


def init_model(rng):
    return {
        "encoder": dense_init(rng, (8, 8)),
        "decoder": dense_init(rng, (8, 8)),  # expect: JXP301
    }
