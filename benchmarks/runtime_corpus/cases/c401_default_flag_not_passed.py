# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def layer_norm(x, eps=1e-6, center=True):
    mean = jnp.mean(x, axis=-1, keepdims=True) if center else 0.0
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps)


def normalise(x):
    return layer_norm(x, 1e-5)
