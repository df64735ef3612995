import jax
import jax.numpy as jnp


def perturb(key, x, scale):
    noise = jax.random.normal(key, x.shape) * scale
    return key, x + noise


def augment(key, x):
    key, x = perturb(key, x, 0.1)
    key, y = perturb(key, x, 0.1)  # expect: JXP301
    return y - x
