import jax
import jax.numpy as jnp


def log_density(x):
    return -0.5 * jnp.sum(x ** 2)


def mh_step(key, x, step_size=0.5):
    proposal = x + step_size * jax.random.normal(key, x.shape)
    log_ratio = log_density(proposal) - log_density(x)
    u = jax.random.uniform(key)  # expect: JXP301
    accept = jnp.log(u) < log_ratio
    return jnp.where(accept, proposal, x)
