# expect: none
from functools import partial

import jax
import jax.numpy as jnp


def loss_fn(w, x):
    return jnp.mean((x @ w) ** 2)


@partial(jax.jit, static_argnums=2)
def accumulated_grad(w, batch, num_micro):
    micro = jnp.split(batch, num_micro)
    grads = [jax.grad(loss_fn)(w, mb) for mb in micro]
    return sum(grads) / len(grads)


@jax.jit
def accumulated_grad_reshape(w, batch):
    micro = batch.reshape(4, batch.shape[0] // 4, -1)
    return jnp.mean(jax.vmap(jax.grad(loss_fn), in_axes=(None, 0))(w, micro), axis=0)
