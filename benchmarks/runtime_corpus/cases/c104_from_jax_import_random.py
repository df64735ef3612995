# expect: none
# Old JAX-quickstart import style: `random` here is jax.random, not the stdlib.
import jax
import jax.numpy as jnp
from jax import random


@jax.jit
def noisy_relu(key, x):
    noise = random.normal(key, x.shape) * 0.1
    return jnp.maximum(x + noise, 0.0)


def run(seed, x, steps):
    key = random.PRNGKey(seed)
    outs = []
    for _ in range(steps):
        key, sub = random.split(key)
        outs.append(noisy_relu(sub, x))
    return outs
