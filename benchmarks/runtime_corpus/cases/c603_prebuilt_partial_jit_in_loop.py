# expect: none
import functools

import jax
import jax.numpy as jnp


def sgd_update(params, grads, lr, momentum):
    return params - lr * grads * (1.0 + momentum)


def train(params, grad_batches, lr=0.1):
    update = functools.partial(sgd_update, lr=lr, momentum=0.9)
    value_grad = jax.grad(lambda p, g: jnp.sum(p * g))
    for g in grad_batches:
        grads = jax.jit(value_grad)(params, g)
        params = jax.jit(update)(params, grads)
    return params
