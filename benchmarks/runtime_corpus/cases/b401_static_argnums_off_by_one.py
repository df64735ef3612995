from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2,))
def conv1d(x, w, stride, same_padding):
    if same_padding:  # expect: JXP401
        x = jnp.pad(x, (w.shape[0] // 2, w.shape[0] // 2))
    return jnp.convolve(x, w, mode="valid")[::stride]


def forward(x, w):
    return conv1d(x, w, 1, True)
