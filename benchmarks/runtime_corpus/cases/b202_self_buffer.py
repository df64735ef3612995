import jax.numpy as jnp


class ReplayBuffer:
    def __init__(self, capacity, dim):
        self.data = jnp.zeros((capacity, dim))
        self.ptr = 0

    def add(self, item):
        self.data.at[self.ptr].set(item)  # expect: JXP202
        self.ptr = (self.ptr + 1) % self.data.shape[0]
