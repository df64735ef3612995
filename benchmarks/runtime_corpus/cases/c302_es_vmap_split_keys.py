"""Population-based ES with per-member keys and a shared sigma bound by partial."""
from functools import partial

import jax
import jax.numpy as jnp


def perturb(theta, key, sigma):
    return theta + sigma * jax.random.normal(key, theta.shape)


def rastrigin(x):
    return 10 * x.shape[-1] + jnp.sum(x ** 2 - 10 * jnp.cos(2 * jnp.pi * x), axis=-1)


@jax.jit
def generation(population, key, sigma=0.1):
    keys = jax.random.split(key, population.shape[0])
    children = jax.vmap(partial(perturb, sigma=sigma))(population, keys)
    fitness = -rastrigin(children)
    elite = jnp.argsort(fitness)[-population.shape[0] // 2:]
    parents = children[elite]
    return jnp.concatenate([parents, parents]), fitness.max()
