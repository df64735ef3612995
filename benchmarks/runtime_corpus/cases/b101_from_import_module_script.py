from jax import jit
import jax.numpy as jnp

temperature = 1.0


@jit
def softmax_t(logits):
    return jnp.exp(logits / temperature) / jnp.sum(jnp.exp(logits / temperature))  # expect: JXP101


logits = jnp.array([1.0, 2.0, 3.0])
warm = softmax_t(logits)
temperature = 0.1
cold = softmax_t(logits)
