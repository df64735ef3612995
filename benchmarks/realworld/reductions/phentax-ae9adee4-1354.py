"""Library code that its users call inside `jax.jit`, with nothing in the tree tracing it.

Reduces phentax-ae9adee4-1354 (a waveform generator's method: `int(jnp.ceil(T / dt))`;
under jit the `jnp.ceil` of two Python floats is staged, so `int()` raises
ConcretizationTypeError; the tree's tests call the method eagerly, the commit message
names the error users hit under jit) and probdiffeq-bda853d7-33 (a prior constructor:
`output_scale or default` asks for the truth value of an `output_scale` that users pass
traced; the tree only ever passes the literal 1.0). A project can say so with
`traced = [...]` (docs/traced.md); nothing here does.
"""
import math

import jax.numpy as jnp


class Waveform:
    def __init__(self, T=1000.0):
        self.T = T

    def _num_steps(self, delta_t, T=None):
        if T is None:
            T = self.T
        return int(jnp.ceil(T / delta_t))  # JXP403

    def polarizations(self, m1, m2, delta_t=10.0):
        n = self._num_steps(delta_t)
        t = jnp.arange(n) * delta_t
        return jnp.cos(m1 * t) * m2, math.pi


def prior(coeffs, output_scale=None):
    output_scale = output_scale or jnp.ones_like(coeffs[0])  # JXP401
    return coeffs * output_scale
