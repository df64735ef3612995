import jax
import jax.numpy as jnp


def perturb(key, x, scale):
    key, sub = jax.random.split(key)
    return key, x + scale * jax.random.normal(sub, x.shape)


def anneal(key, x, n_steps=5):
    trajectory = []
    for i in range(n_steps):
        key, x = perturb(key, x, 1.0 / (i + 1))
        trajectory.append(x)
    return jnp.stack(trajectory)
