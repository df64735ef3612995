from functools import partial

import jax
import jax.numpy as jnp


def grad_log_prob(x):
    return -x


@partial(jax.jit, static_argnames=("n_steps",))
def langevin_sample(x0, step_size, n_steps=10):
    def body(x, _):
        noise = jax.random.normal(jax.random.key(0), x.shape)  # expect: JXP105
        x = x + step_size * grad_log_prob(x) + jnp.sqrt(2 * step_size) * noise
        return x, x

    return jax.lax.scan(body, x0, None, length=n_steps)
