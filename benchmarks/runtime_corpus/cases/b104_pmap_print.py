import jax
import jax.numpy as jnp


@jax.pmap
def device_step(x):
    y = x * 2
    print("device result", y)  # expect: JXP104
    return y
