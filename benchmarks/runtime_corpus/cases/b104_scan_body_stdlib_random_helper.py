import random

import jax
import jax.numpy as jnp


def _jitter(scale):
    return random.gauss(0.0, scale)


def simulate(x0, n_steps):
    def body(x, _):
        x = x * 0.9 + _jitter(0.5)  # expect: JXP104
        return x, x

    _, traj = jax.lax.scan(body, x0, None, length=n_steps)
    return traj
