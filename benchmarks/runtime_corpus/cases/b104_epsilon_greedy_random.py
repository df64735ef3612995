import random

import jax
import jax.numpy as jnp

EPSILON = 0.5


@jax.jit
def select_action(q_values, key):
    greedy = jnp.argmax(q_values)
    explore = random.random() < EPSILON  # expect: JXP104
    random_action = jax.random.randint(key, (), 0, q_values.shape[0])
    return jnp.where(explore, random_action, greedy)
