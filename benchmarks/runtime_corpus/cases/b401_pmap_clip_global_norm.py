from functools import partial

import jax
import jax.numpy as jnp
import optax


def loss(params, x, y):
    return jnp.mean((x @ params - y) ** 2)


@partial(jax.pmap, axis_name="batch")
def train_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    grads = jax.lax.pmean(grads, "batch")
    gnorm = optax.global_norm(grads)
    if gnorm > 1.0:  # expect: JXP401
        grads = jax.tree.map(lambda g: g / gnorm, grads)
    return params - 0.1 * grads
