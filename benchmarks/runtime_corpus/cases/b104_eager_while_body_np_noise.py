import jax
import jax.numpy as jnp
import numpy as np


def keep_going(state):
    x, t = state
    return t < 10


def langevin_step(state):
    x, t = state
    noise = np.random.normal(size=x.shape).astype(np.float32)  # expect: JXP104
    x = x - 0.1 * x + 0.05 * noise
    return x, t + 1


def sample(x0):
    x, _ = jax.lax.while_loop(keep_going, langevin_step, (x0, 0))
    return x
