"""Langevin sampler written with lax.scan; the noise key is closed over."""
import jax
import jax.numpy as jnp


def langevin(key, x0, grad_logp, num_steps=10, step_size=0.01):
    def body(x, t):
        noise = jax.random.normal(key, x.shape)  # expect: JXP302
        x = x + step_size * grad_logp(x) + jnp.sqrt(2 * step_size) * noise
        return x, noise

    return jax.lax.scan(body, x0, jnp.arange(num_steps))
