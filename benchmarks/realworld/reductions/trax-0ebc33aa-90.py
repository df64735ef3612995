"""One rng handed to two initialiser callables, in a file that reaches the array
library only through the project's own backend module.

Reduces trax-0ebc33aa-90: trax layers import `trax.backend` (or `trax.fastmath`) and
never name the library, so the file is not analysed at all; the reuse itself is the
plain `init(shape, rng)` twice. (This docstring avoids the library's name on purpose.)
"""
from trax.backend import numpy as np


class Conv:
    def __init__(self, kernel_initializer, bias_initializer):
        self._kernel_initializer = kernel_initializer
        self._bias_initializer = bias_initializer

    def new_weights(self, shape, rng):
        w = self._kernel_initializer(shape, rng)
        b = self._bias_initializer(shape[-1:], rng)  # JXP301
        return np.asarray(w), b
