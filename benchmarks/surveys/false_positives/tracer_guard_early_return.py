# Seen in ymahlau/fdtdx src/fdtdx/core/physics/modes.py:411 (JXP403; helper in
# src/fdtdx/core/jax/utils.py:31).
# `_check_symmetry_projection_residual(residual, ...)` starts with `if
# is_jax_tracer(residual): return`, where `is_jax_tracer(values)` is `isinstance(values,
# jax_core.Tracer)` (`from jax import core as jax_core`); only then does it run `value =
# float(residual)` and raise a ValueError for an incompatible mode. Under jax.jit (its caller
# `compute_mode_symmetry_reduced` is jitted) the residual is a tracer and the function
# returns before the float(); eagerly it checks the concrete value, as intended. The
# analysis does not take the early return behind the Tracer test as a guard, so it reports
# the float() on the traced residual. (fixtures/surveys/tracer_guard_helper.py taught the
# guard written as `if not _is_tracer(x) and ...:`. The reproduction keeps the helper in the
# same module; fdtdx's, in another module, is reported the same way.)
# Checked under jax 0.10.2: `python tracer_guard_early_return.py` passes.
from typing import Any

import jax
import jax.numpy as jnp
from jax import core as jax_core


def is_jax_tracer(values: Any) -> bool:
    return isinstance(values, jax_core.Tracer)


def check_residual(residual):
    if is_jax_tracer(residual):
        return
    value = float(residual)  # must not be reported (JXP403)
    if value > 0.9:
        raise ValueError("the projection removed the mode")


@jax.jit
def project(mode):
    residual = 1.0 - jnp.sum(mode**2)
    check_residual(residual)
    return mode / jnp.linalg.norm(mode)


if __name__ == "__main__":
    project(jnp.array([0.1, 0.1]))  # traced residual 0.98: the check is skipped
    try:
        check_residual(jnp.float32(0.98))  # concrete residual: checked
    except ValueError:
        pass
    else:
        raise AssertionError("expected ValueError")
    print("ok")
