"""A key already split for training is given to a pmapped loss on every eval batch.

Reduces levanter-ecb6b5fc-130: the loop passes the same `training_key` to each call of
a pmapped local function that binds the key into the model with `functools.partial`
and calls the partial under `vmap` (the model draws dropout from it): the binding itself
draws nothing, the call does.
"""
from functools import partial

import jax
import jax.random as jrandom
from jax import pmap


def main(model, batches, seed, steps):
    data_key, training_key = jrandom.split(jrandom.PRNGKey(seed), 2)

    def compute_loss(model, x, inference, key):
        model = partial(model, inference=inference, key=key)
        return jax.vmap(model)(x).sum()

    keys = jax.random.split(training_key, steps)
    compute_loss = pmap(compute_loss, "device", in_axes=(0, 0, None, None), static_broadcasted_argnums=(2,))
    total = 0.0
    for x in batches:
        total += compute_loss(model, x, True, training_key)  # JXP302
    return total, keys, data_key
