import jax.numpy as jnp

from .registry import register_env


class Room:
    def __init__(self, size):
        self.size = size

    def reset(self, key):
        return jnp.zeros((self.size, self.size)) + key[0]


register_env("Room-3", Room)
