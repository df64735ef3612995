from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("n_heads",))
def split_heads(x, n_heads):
    b, d = x.shape
    return x.reshape(b, n_heads, d // n_heads)


def attention_inputs(x, config):
    n_heads = jnp.asarray(config["n_heads"])
    return split_heads(x, n_heads=n_heads)  # expect: JXP602
