import collections

import jax
import jax.numpy as jnp


class CallProfiler:
    def __init__(self):
        self.counts = collections.Counter()

    def tick(self, name):
        self.counts[name] += 1

    def report(self):
        return dict(self.counts)


profiler = CallProfiler()


@jax.jit
def forward(w, x):
    profiler.tick("forward")  # expect: JXP103
    return jnp.tanh(x @ w)
