"""A pure-JAX gridworld with the PRNG key stored in the environment state and split per step."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

GRID = 8
MOVES = jnp.array([[0, 1], [0, -1], [1, 0], [-1, 0]])


class EnvState(NamedTuple):
    agent: jnp.ndarray
    goal: jnp.ndarray
    t: jnp.ndarray
    key: jax.Array


def reset(key):
    k_agent, k_goal, k_next = jax.random.split(key, 3)
    agent = jax.random.randint(k_agent, (2,), 0, GRID)
    goal = jax.random.randint(k_goal, (2,), 0, GRID)
    return EnvState(agent, goal, jnp.int32(0), k_next)


@jax.jit
def step(state, action):
    next_key, k_slip, k_rand = jax.random.split(state.key, 3)
    slip = jax.random.uniform(k_slip) < 0.1
    noisy_action = jnp.where(slip, jax.random.randint(k_rand, (), 0, 4), action)
    agent = jnp.clip(state.agent + MOVES[noisy_action], 0, GRID - 1)
    reached = jnp.all(agent == state.goal)
    reward = jnp.where(reached, 1.0, -0.01)
    return state._replace(agent=agent, t=state.t + 1, key=next_key), reward, reached
