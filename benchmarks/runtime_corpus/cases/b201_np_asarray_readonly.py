import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def env_step(state, action):
    return state + action


def observe(state):
    obs = np.asarray(state)
    obs[0] = 0.0  # expect: JXP201
    return obs
