"""Tokenizer-side helpers that read module constants inside jit."""
import jax
import jax.numpy as jnp
import numpy as np

PAD_ID = 0
EOS_ID = 2
SPECIAL_IDS = (PAD_ID, 1, EOS_ID)
LABEL_SMOOTHING = 0.1
_VOCAB_WEIGHTS = np.linspace(1.0, 2.0, 16, dtype=np.float32)
_CONFIG = {"vocab_size": 16, "ignore_special": True}


@jax.jit
def weighted_xent(logits, targets):
    n = _CONFIG["vocab_size"]
    onehot = jax.nn.one_hot(targets, n)
    onehot = onehot * (1 - LABEL_SMOOTHING) + LABEL_SMOOTHING / n
    logp = jax.nn.log_softmax(logits, axis=-1)
    per_tok = -(onehot * logp).sum(-1) * jnp.asarray(_VOCAB_WEIGHTS)[targets]
    if _CONFIG["ignore_special"]:
        keep = jnp.all(jnp.stack([targets != s for s in SPECIAL_IDS]), axis=0)
        per_tok = jnp.where(keep, per_tok, 0.0)
    return per_tok.sum() / jnp.maximum((targets != PAD_ID).sum(), 1)
