import functools

import jax
import jax.numpy as jnp


def epoch_batches(key, dataset, batch_size):
    key, perm_key = jax.random.split(key)
    shuffled = jax.tree.map(functools.partial(jax.random.permutation, perm_key), dataset)
    n = jax.tree.leaves(dataset)[0].shape[0] // batch_size
    return [jax.tree.map(lambda a: a[i * batch_size:(i + 1) * batch_size], shuffled) for i in range(n)]
