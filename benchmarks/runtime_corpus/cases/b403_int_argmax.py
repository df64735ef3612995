import jax
import jax.numpy as jnp


@jax.jit
def greedy_token(logits, vocab_size):
    token = int(jnp.argmax(logits))  # expect: JXP403
    return jax.nn.one_hot(token, vocab_size)
