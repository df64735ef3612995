"""OpenAI-style evolution strategies on a quadratic with an annealed perturbation scale."""
import jax
import jax.numpy as jnp


def fitness(theta):
    return -jnp.sum((theta - 3.0) ** 2)


def run_es(theta, key, n_generations=5, pop_size=64, lr=0.05):
    sigma = 0.5

    @jax.jit
    def es_gradient(theta, eps):
        perturbed = theta[None, :] + sigma * eps  # expect: JXP101
        returns = jax.vmap(fitness)(perturbed)
        normed = (returns - returns.mean()) / (returns.std() + 1e-8)
        return normed @ eps / (pop_size * sigma)

    history = []
    for gen in range(n_generations):
        key, sub = jax.random.split(key)
        eps = jax.random.normal(sub, (pop_size, theta.shape[0]))
        theta = theta + lr * es_gradient(theta, eps)
        history.append(fitness(theta))
        sigma = sigma * 0.5
    return theta, history
