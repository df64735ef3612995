import jax
import jax.numpy as jnp
from jax import random as jr


def epochs(data, num_epochs, seed):
    rng = jr.PRNGKey(seed)
    orders = []
    for epoch in range(num_epochs):
        perm = jr.permutation(rng, data.shape[0])  # expect: JXP302
        orders.append(data[perm])
    return orders
