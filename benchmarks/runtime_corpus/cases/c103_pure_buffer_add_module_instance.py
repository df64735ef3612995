from typing import NamedTuple

import jax
import jax.numpy as jnp


class BufferState(NamedTuple):
    data: jax.Array
    ptr: jax.Array
    size: jax.Array


class CircularBuffer:
    def __init__(self, capacity, dim):
        self.capacity = capacity
        self.dim = dim

    def init(self):
        return BufferState(jnp.zeros((self.capacity, self.dim)), jnp.zeros((), jnp.int32), jnp.zeros((), jnp.int32))

    def add(self, state, item):
        data = state.data.at[state.ptr].set(item)
        return BufferState(data, (state.ptr + 1) % self.capacity, jnp.minimum(state.size + 1, self.capacity))


buffer = CircularBuffer(capacity=3, dim=2)


@jax.jit
def collect(state, obs):
    state = buffer.add(state, obs)
    return state, state.size
