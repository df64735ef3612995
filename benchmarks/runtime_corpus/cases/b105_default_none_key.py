import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("temperature",))
def sample_tokens(logits, key=None, temperature=1.0):
    if key is None:
        key = jax.random.PRNGKey(0)  # expect: JXP105
    return jax.random.categorical(key, logits / temperature, axis=-1)
