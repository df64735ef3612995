import jax
import jax.numpy as jnp
from jax import lax


def langevin(key, x0, n_steps, step_size=0.01):
    def body(x, _):
        noise = jax.random.normal(key, x.shape)  # expect: JXP302
        x = x - step_size * x + jnp.sqrt(2 * step_size) * noise
        return x, x

    _, xs = lax.scan(body, x0, None, length=n_steps)
    return xs
