# Seen in eelregit/pmwd pmwd/spec_util.py:117 (JXP403).
# `powspec` deconvolves the power spectrum with
# `P = math.prod((jnp.sinc(k) ** -deconv for k in kvec), start=P)`: math.prod multiplies its
# start value by each item with Python `*`, which for JAX arrays (and tracers) is
# jnp.multiply; it needs no concrete value and works under jax.jit (powspec is jitted).
# Only math.prod of plain numbers would need Python numbers. The analysis takes math.prod
# for a function that converts a traced argument to a Python number, like math.log10.
# Checked under jax 0.10.2: `python math_prod_of_arrays_under_trace.py` passes.
import math

import jax
import jax.numpy as jnp


@jax.jit
def deconvolve(P, kvec, deconv=2.0):
    return math.prod((jnp.sinc(k) ** -deconv for k in kvec), start=P)  # must not be reported (JXP403)


if __name__ == "__main__":
    kvec = [jnp.full(3, 0.1), jnp.full(3, 0.2)]
    out = deconvolve(jnp.ones(3), kvec)
    expected = jnp.sinc(0.1) ** -2.0 * jnp.sinc(0.2) ** -2.0
    assert jnp.allclose(out, expected), (out, expected)
    print("ok")
