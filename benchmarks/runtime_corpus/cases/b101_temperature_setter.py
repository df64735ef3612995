"""Sampler whose temperature is a module setting adjusted during evaluation."""
import jax
import jax.numpy as jnp

TEMPERATURE = 1.0
TOP_K = 5


def set_temperature(t):
    global TEMPERATURE
    TEMPERATURE = float(t)


@jax.jit
def scaled_logits(logits):
    top = jax.lax.top_k(logits, TOP_K)[0][..., -1:]
    logits = jnp.where(logits < top, -jnp.inf, logits)
    return logits / TEMPERATURE  # expect: JXP101
