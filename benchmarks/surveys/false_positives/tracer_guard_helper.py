# Seen in google-research/t5x t5x/decoding.py:440 (JXP401; helper at decoding.py:107-108).
# `_temperature_sample_single_trial` checks `max_decode_steps > inputs.shape[1]` only under
# `if not _is_tracer(max_decode_steps) and ...`, where the module's helper `_is_tracer(value)`
# returns `isinstance(value, jax.core.Tracer)`. `and` short-circuits: under jax.jit with a
# traced `max_decode_steps` the comparison never runs; eagerly (or with a Python int) it runs
# on a concrete value and raises the intended ValueError. The analysis does not see through
# the one-line helper to the isinstance test on Tracer, so it takes the comparison as a
# Python `if` on a traced value.
# Checked under jax 0.10.2: `python tracer_guard_helper.py` passes.
from typing import Any

import jax
import jax.numpy as jnp


def _is_tracer(value: Any) -> bool:
    return isinstance(value, jax.core.Tracer)


def decode_steps(inputs, max_decode_steps=None):
    if max_decode_steps is not None:
        # the bound can only be checked when it is not dynamic
        if not _is_tracer(max_decode_steps) and max_decode_steps > inputs.shape[1]:
            raise ValueError("Cannot decode more steps than the sequence length.")
        limit = jnp.minimum(jnp.sum(inputs != 0, axis=1) + max_decode_steps, inputs.shape[1])
    else:
        limit = jnp.full((inputs.shape[0],), inputs.shape[1])
    return limit


inputs = jnp.array([[1, 2, 0, 0, 0], [3, 0, 0, 0, 0]])
traced = jax.jit(decode_steps)(inputs, jnp.int32(2))  # traced bound: the check is skipped
assert traced.tolist() == [4, 3]
assert decode_steps(inputs, 2).tolist() == [4, 3]
try:
    decode_steps(inputs, 9)  # concrete bound: checked
except ValueError:
    pass
else:
    raise AssertionError("expected ValueError")
print("ok")
