# expect: none
import jax
import jax.numpy as jnp
from jax import random


def make_noise(key, n):
    keys = random.split(key, n)
    a = random.normal(keys[0], (3,))
    b = random.normal(keys[1], (3,))
    extra = keys[2]
    c = random.uniform(random.fold_in(extra, 0), (3,))
    d = random.uniform(random.fold_in(extra, 1), (3,))
    return a, b, c, d
