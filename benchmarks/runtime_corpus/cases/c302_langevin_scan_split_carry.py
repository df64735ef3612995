"""Unadjusted Langevin dynamics with lax.scan, splitting the carried key each step."""
import jax
import jax.numpy as jnp

MEANS = jnp.array([[-2.0, 0.0], [2.0, 0.0]])


def log_density(x):
    d = -0.5 * jnp.sum((x[None, :] - MEANS) ** 2, axis=-1)
    return jax.scipy.special.logsumexp(d)


def langevin_step(carry, _):
    x, key, step_size = carry
    key, noise_key = jax.random.split(key)
    grad = jax.grad(log_density)(x)
    noise = jax.random.normal(noise_key, x.shape)
    x = x + step_size * grad + jnp.sqrt(2.0 * step_size) * noise
    return (x, key, step_size), x


@jax.jit
def sample_chain(x0, key, step_size=0.05):
    _, samples = jax.lax.scan(langevin_step, (x0, key, step_size), None, length=200)
    return samples
