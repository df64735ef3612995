# expect: none
import jax
import jax.numpy as jnp


class Accumulator:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def add(self, v):
        self.total = self.total + v
        self.count += 1


@jax.jit
def mean_of_parts(xs):
    acc = Accumulator()
    for i in range(xs.shape[0]):
        acc.add(xs[i])
    return acc.total / acc.count
