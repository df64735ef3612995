# expect: none
import math

import jax
import jax.numpy as jnp


def _scaled(x):
    return x / math.sqrt(float(x.shape[-1]))


def _raw(x):
    return x


def maybe_scale(flag, x):
    return jax.lax.cond(flag, _scaled, _raw, x)
