"""Sequence batch padding for a TPU-friendly transformer: pad dims to multiples of 8."""
import jax
import jax.numpy as jnp


def pad_to_multiple(x, multiple=8):
    if not any(d % multiple for d in x.shape[1:]):
        return x
    pads = [(0, 0)] + [(0, (-d) % multiple) for d in x.shape[1:]]
    return jnp.pad(x, pads)


@jax.jit
def embed_batch(tokens, table):
    emb = table[tokens]
    emb = pad_to_multiple(emb)
    mask = pad_to_multiple(jnp.ones(tokens.shape, emb.dtype))
    return emb, mask
