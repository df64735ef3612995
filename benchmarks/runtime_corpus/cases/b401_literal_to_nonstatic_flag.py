import jax
import jax.numpy as jnp


def attention(q, k, causal, heads):
    s = (q @ k.T) / heads
    if causal:  # expect: JXP401
        s = jnp.tril(s)
    return s


attention_jit = jax.jit(attention, static_argnames=("heads",))


def run(q, k):
    return attention_jit(q, k, True, 2)
