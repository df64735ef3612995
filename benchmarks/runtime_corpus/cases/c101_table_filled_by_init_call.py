import jax
import jax.numpy as jnp
import numpy as np

CHAR_TO_ID = {}
ID_WEIGHTS = []


def _build_vocab(alphabet):
    for i, ch in enumerate(alphabet):
        CHAR_TO_ID[ch] = i
        ID_WEIGHTS.append(1.0 / (i + 1))


_build_vocab("abcdef")
WEIGHTS = np.asarray(ID_WEIGHTS, np.float32)


@jax.jit
def weighted_loss(logits, targets):
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, targets[:, None], axis=-1)[:, 0]
    w = jnp.asarray(ID_WEIGHTS)[targets]
    return jnp.sum(w * nll) / jnp.sum(w) + 0.0 * len(CHAR_TO_ID)
