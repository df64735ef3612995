import jax
import jax.numpy as jnp

FIELDS = ("obs", "actions", "rewards")


def shuffle_batch(key, batch):
    shuffled = {}
    for name in FIELDS:
        shuffled[name] = jax.random.permutation(key, batch[name], axis=0)
    return shuffled
