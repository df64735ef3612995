import warnings
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("reduction",))
def cross_entropy(logits, labels, reduction="mean"):
    if reduction == "sum_over_batch":
        warnings.warn("reduction='sum_over_batch' is deprecated; use 'mean'", DeprecationWarning)
        reduction = "mean"
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, labels[:, None], axis=-1)[:, 0]
    return nll.mean() if reduction == "mean" else nll.sum()
