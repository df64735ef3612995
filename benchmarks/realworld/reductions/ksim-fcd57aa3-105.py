"""Item assignment on an array field of a traced pytree: `data.qvel[:] = 0.0`.

Reduces ksim-fcd57aa3-105, -106, -107, -108 (the target half): the engine's jitted
reset zeroes `mjx_data.qvel`, `.qacc`, `.cvel` and `.cacc` with slice assignment.
`q = data.qvel; q[:] = 0.0` is reported; the same write with an attribute as the
subscripted target is not.
"""
import jax


@jax.jit
def reset(data):
    data.qvel[:] = 0.0  # JXP201
    return data
