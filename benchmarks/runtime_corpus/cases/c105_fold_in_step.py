# expect: none
import jax
import jax.numpy as jnp


@jax.jit
def noisy_step(x, step):
    key = jax.random.fold_in(jax.random.key(0), step)
    return x + jax.random.normal(key, x.shape)
