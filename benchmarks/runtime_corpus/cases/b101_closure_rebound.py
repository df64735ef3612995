import jax
import jax.numpy as jnp


def run_annealing(x, steps):
    beta = 1.0

    @jax.jit
    def energy(z):
        return beta * jnp.sum(z ** 2)  # expect: JXP101

    history = []
    for _ in range(steps):
        history.append(energy(x))
        beta = beta * 2.0
    return history
