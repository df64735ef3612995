# expect: none
import jax
import jax.numpy as jnp
import numpy as np

_MASKS = {}


def causal_mask(n):
    try:
        return _MASKS[n]
    except KeyError:
        m = np.tril(np.ones((n, n), dtype=bool))
        _MASKS[n] = m
        return m


@jax.jit
def masked_scores(q, k):
    s = q @ k.T
    return jnp.where(causal_mask(q.shape[0]), s, -1e9)
