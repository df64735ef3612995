"""Circular replay buffer for DQN stored as fixed-size JAX arrays."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Buffer(NamedTuple):
    obs: jnp.ndarray
    actions: jnp.ndarray
    rewards: jnp.ndarray
    ptr: jnp.ndarray
    size: jnp.ndarray


def make_buffer(capacity, obs_dim):
    return Buffer(jnp.zeros((capacity, obs_dim)), jnp.zeros(capacity, jnp.int32),
                  jnp.zeros(capacity), jnp.int32(0), jnp.int32(0))


def _write(arr, idx, value):
    arr = arr.at[idx].set(value)
    return arr


@jax.jit
def add(buffer, obs, action, reward):
    capacity = buffer.obs.shape[0]
    idx = buffer.ptr
    return Buffer(
        obs=_write(buffer.obs, idx, obs),
        actions=_write(buffer.actions, idx, action),
        rewards=_write(buffer.rewards, idx, reward),
        ptr=(idx + 1) % capacity,
        size=jnp.minimum(buffer.size + 1, capacity),
    )
