# expect: none
import jax
import jax.numpy as jnp


def dense(x, w, use_bias):
    y = x @ w
    if use_bias:
        y = y + 1.0
    return y


@jax.jit
def mlp(x, w):
    h = jax.nn.relu(dense(x, w, True))
    return dense(h, w, False)
