"""Sampler factory: the temperature is clamped before the jitted closure is built."""
import jax
import jax.numpy as jnp


def make_sampler(temperature, top_k=None):
    temp = temperature
    if temp <= 0.0:
        temp = 1e-3
    k = top_k
    if k is None:
        k = 4

    @jax.jit
    def sample(key, logits):
        kth = jax.lax.top_k(logits, k)[0][..., -1:]
        scaled = jnp.where(logits < kth, -jnp.inf, logits) / temp
        return jax.random.categorical(key, scaled), scaled

    return sample
