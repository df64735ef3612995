# "My random crop returns the same patch every step"
from functools import partial

import jax
import numpy as np


class RandomCrop:
    def __init__(self, size):
        self.size = size

    @partial(jax.jit, static_argnums=0)
    def __call__(self, img):
        top, left = np.random.randint(0, img.shape[0] - self.size + 1, size=2)  # expect: JXP104
        return jax.lax.dynamic_slice(img, (top, left), (self.size, self.size))


crop = RandomCrop(4)
