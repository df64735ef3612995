import jax
import jax.numpy as jnp

SEEN_BATCHES = []


@jax.jit
def multi_head_loss(preds, targets):
    [SEEN_BATCHES.append(p.shape[0]) for p in preds]  # expect: JXP103
    return sum(jnp.mean((p - t) ** 2) for p, t in zip(preds, targets))
