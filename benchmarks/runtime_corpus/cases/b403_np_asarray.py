import numpy as np
import jax
import jax.numpy as jnp


def to_probs(logits):
    z = np.asarray(logits)  # expect: JXP403
    return jnp.exp(z) / jnp.exp(z).sum()


to_probs_batched = jax.vmap(to_probs)
