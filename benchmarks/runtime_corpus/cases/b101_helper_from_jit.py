import functools
import jax
import jax.numpy as jnp

gain = 1.0


def apply_gain(x):
    return x * gain  # expect: JXP101


@functools.partial(jax.jit, static_argnums=1)
def preprocess(x, normalize):
    if normalize:
        x = x / jnp.linalg.norm(x)
    return apply_gain(x) + 1.0


def calibrate(measured):
    global gain
    gain = measured
