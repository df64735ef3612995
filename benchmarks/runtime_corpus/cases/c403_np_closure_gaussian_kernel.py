# expect: none
import math

import jax
import jax.numpy as jnp
import numpy as np


def make_blur(sigma, radius):
    taps = np.exp(-0.5 * (np.arange(-radius, radius + 1) / sigma) ** 2)
    taps = taps / taps.sum()
    center = int(np.argmax(taps))
    gain = float(np.linalg.norm(taps))

    @jax.jit
    def blur(signal):
        kernel = jnp.asarray(np.asarray(taps, dtype=np.float32))
        out = jnp.convolve(signal, kernel, mode="same")
        peak = float(taps[center])
        return out / gain * math.sqrt(peak) / math.sqrt(float(np.max(taps)))

    return blur
