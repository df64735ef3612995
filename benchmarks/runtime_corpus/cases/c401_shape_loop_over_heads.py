"""Per-head attention pooling, unrolled over a small, fixed number of heads."""
import jax
import jax.numpy as jnp


def _head_pool(q, k):
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(scores, axis=-1) @ k


@jax.jit
def multi_head_pool(queries, keys):
    # queries: (heads, t, d); keys: (heads, s, d)
    if queries.ndim != 3 or keys.ndim != 3:
        raise ValueError(f"expected rank-3 inputs, got {queries.shape} and {keys.shape}")
    outs = []
    for h in range(queries.shape[0]):
        if keys.shape[1] > queries.shape[1]:
            k = keys[h, : queries.shape[1]]
        else:
            k = keys[h]
        outs.append(_head_pool(queries[h], k))
    pooled = jnp.stack(outs)
    if len(outs) > 1:
        pooled = pooled.mean(axis=0)
    return pooled
