import jax
import jax.numpy as jnp

HP = {"scale": 1.0}


@jax.jit
def scaled(x):
    return x * HP["scale"]  # expect: JXP101


def anneal():
    HP["scale"] = 0.5
