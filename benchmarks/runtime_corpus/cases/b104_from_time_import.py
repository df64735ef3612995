from time import time
import jax
import jax.numpy as jnp


@jax.jit
def stamp(metrics):
    return {"loss": metrics, "timestamp": jnp.float64(time())}  # expect: JXP104
