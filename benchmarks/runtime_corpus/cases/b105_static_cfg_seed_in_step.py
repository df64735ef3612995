from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("seed",))
def noisy_step(w, grads, seed=0):
    key = jax.random.PRNGKey(seed)  # expect: JXP105
    noise = jax.random.normal(key, w.shape) * 0.01
    return w - 0.1 * grads + noise
