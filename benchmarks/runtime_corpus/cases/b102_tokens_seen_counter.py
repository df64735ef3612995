import jax
import jax.numpy as jnp

tokens_seen = 0


@jax.jit
def lm_step(params, tokens):
    global tokens_seen
    tokens_seen += tokens.shape[0] * tokens.shape[1]  # expect: JXP102
    logits = params["embed"][tokens] @ params["embed"].T
    return jnp.mean(jax.nn.logsumexp(logits, axis=-1))
