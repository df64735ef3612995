from jax import jit, random
import jax.numpy as jnp


@jit
def augment(x):
    key = random.PRNGKey(42)  # expect: JXP105
    return x + 0.1 * random.normal(key, x.shape)
