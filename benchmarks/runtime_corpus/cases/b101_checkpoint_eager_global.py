import jax
import jax.numpy as jnp

dropout_scale = 1.0


@jax.checkpoint
def block(w, x):
    return jnp.tanh(x @ w) * dropout_scale  # expect: JXP101


def set_eval_mode():
    global dropout_scale
    dropout_scale = 0.5
