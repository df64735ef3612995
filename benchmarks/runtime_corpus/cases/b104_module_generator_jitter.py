import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng()


@jax.jit
def augment(images):
    brightness = rng.uniform(-0.2, 0.2)  # expect: JXP104
    return jnp.clip(images + brightness, 0.0, 1.0)
