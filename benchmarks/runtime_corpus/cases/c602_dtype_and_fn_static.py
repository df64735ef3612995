# expect: none
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("activation", "dtype"))
def dense(w, x, activation, dtype):
    return activation(x.astype(dtype) @ w.astype(dtype))


def forward(w, x):
    h = dense(w, x, activation=jax.nn.relu, dtype=jnp.bfloat16)
    return dense(w, h, activation=jnp.tanh, dtype=jnp.float32)
