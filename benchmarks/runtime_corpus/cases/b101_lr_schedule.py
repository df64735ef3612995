import jax
import jax.numpy as jnp

learning_rate = 0.1


def set_learning_rate(value):
    global learning_rate
    learning_rate = value


@jax.jit
def sgd_update(params, grads):
    return jax.tree.map(lambda p, g: p - learning_rate * g, params, grads)  # expect: JXP101
