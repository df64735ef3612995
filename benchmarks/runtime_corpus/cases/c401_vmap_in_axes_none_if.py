# expect: none
import jax
import jax.numpy as jnp


def sample_logits(logits, temperature):
    if temperature > 0:
        return logits / temperature
    return jnp.where(logits == logits.max(), 0.0, -jnp.inf)


def batch_scale(logits, temperature):
    return jax.vmap(sample_logits, in_axes=(0, None))(logits, temperature)
