import jax.numpy as jnp


class Board:
    def __init__(self, n):
        self.board = jnp.zeros(n)

    def reset(self):
        self.board = jnp.zeros_like(self.board)

    def place(self, i, v):
        self.board[i] = v  # expect: JXP201
        return self.board
