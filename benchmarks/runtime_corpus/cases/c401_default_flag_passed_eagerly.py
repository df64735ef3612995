# expect: none
import jax
import jax.numpy as jnp


def dropout_free_forward(params, x, training=False):
    h = jnp.tanh(x @ params["w1"])
    if training:
        h = h * 0.5
    return h @ params["w2"]


fast_forward = jax.jit(dropout_free_forward)


def serve(params, x):
    return fast_forward(params, x)


def debug_train_step(params, x):
    # eager, un-jitted: training is a plain Python bool here
    return dropout_free_forward(params, x, training=True)
