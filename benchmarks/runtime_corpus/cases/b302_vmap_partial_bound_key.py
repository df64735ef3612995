"""Population-based ES: every member of the population perturbs its parameters with noise."""
from functools import partial

import jax
import jax.numpy as jnp


def perturb(theta, key, sigma):
    return theta + sigma * jax.random.normal(key, theta.shape)


def rastrigin(x):
    return 10 * x.shape[-1] + jnp.sum(x ** 2 - 10 * jnp.cos(2 * jnp.pi * x), axis=-1)


@jax.jit
def generation(population, key, sigma=0.1):
    children = jax.vmap(partial(perturb, key=key, sigma=sigma))(population)  # expect: JXP302
    fitness = -rastrigin(children)
    elite = jnp.argsort(fitness)[-population.shape[0] // 2:]
    parents = children[elite]
    return jnp.concatenate([parents, parents]), fitness.max()


def evolve(population, key, n_gens):
    for _ in range(n_gens):
        key, sub = jax.random.split(key)
        population, best = generation(population, sub)
    return population, best
