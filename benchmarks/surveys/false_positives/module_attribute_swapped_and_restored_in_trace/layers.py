"""The layers module (nets.py): each layer hands its output to the module's callback."""
import jax.numpy as jnp

LAYER_CALLBACK = lambda y, name: y


def dense(x, w, name):
    return LAYER_CALLBACK(jnp.tanh(x @ w), name)
