import jax
import jax.numpy as jnp


def langevin(key, x0, n_steps, step_size=0.01):
    def body(i, carry):
        x, key = carry
        noise_key = jax.random.split(key)[1]  # expect: JXP302
        grad = -x
        x = x + step_size * grad + jnp.sqrt(2 * step_size) * jax.random.normal(noise_key, x.shape)
        return x, key

    return jax.lax.fori_loop(0, n_steps, body, (x0, key))[0]
