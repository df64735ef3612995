# expect: none
import jax
import jax.numpy as jnp


def log_density(x):
    return -0.5 * jnp.sum(x ** 2)


def mh_step(key, x, step_size=0.5):
    key_prop, key_acc = jax.random.split(key)
    proposal = x + step_size * jax.random.normal(key_prop, x.shape)
    log_ratio = log_density(proposal) - log_density(x)
    u = jax.random.uniform(key_acc)
    return jnp.where(jnp.log(u) < log_ratio, proposal, x)


def run_chain(key, x0, n):
    xs = []
    x = x0
    for _ in range(n):
        key, sub = jax.random.split(key)
        x = mh_step(sub, x)
        xs.append(x)
    return jnp.stack(xs)
