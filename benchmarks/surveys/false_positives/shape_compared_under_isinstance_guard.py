# Seen in google-deepmind/alphafold3 src/alphafold3/model/atom_layout/atom_layout.py:958
# (JXP401), the sixteenth set's first run.
# `convert(gather_info, arr, layout_axes=...)` checks that the array's layout axes fit the
# gather info before gathering: `layout_shape = arr.shape[begin:end]` (a tuple of ints) is
# compared with `gather_info.input_shape`, but only `isinstance(gather_info.input_shape,
# np.ndarray) and (layout_shape[0] < gather_info.input_shape[0] or np.any(...))`. When the
# gather info is built on the host (NumPy) the check runs on concrete values; when it reaches
# a jitted function as an argument (the confidence head's `_embed_features`) its arrays are
# tracers, the isinstance test is False and the comparison is never evaluated. Either way
# the `or` is on Python values.
# The analysis narrows by the `isinstance(..., np.ndarray)` guard of an `and` (taught,
# fixtures/surveys/isinstance_narrowing.py) but here not far enough: with the guarded value
# an attribute (`gather_info.input_shape`) and the comparisons an `or` nested in the right
# operand, it takes the field as traced there. (Without the nested `or`, or with the
# attribute read into a local name first, nothing is reported.)
# Checked under jax 0.10.2: `python shape_compared_under_isinstance_guard.py` passes.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class GatherInfo(NamedTuple):
    gather_idxs: np.ndarray
    input_shape: np.ndarray


def convert(gather_info: GatherInfo, arr, layout_axes=(0,)):
    begin, end = layout_axes[0], layout_axes[-1] + 1
    layout_shape = arr.shape[begin:end]
    if len(layout_shape) != gather_info.input_shape.size or (
        isinstance(gather_info.input_shape, np.ndarray)
        and (
            (layout_shape[0] < gather_info.input_shape[0])  # must not be reported (JXP401)
            or np.any(layout_shape[1:] != gather_info.input_shape[1:])
        )
    ):
        raise ValueError(f"layout {layout_shape} does not fit {gather_info.input_shape}")
    return jnp.take(arr, gather_info.gather_idxs, axis=0)


@jax.jit
def embed(gather_info: GatherInfo, features):
    # the info is a jit argument here: its arrays are traced, the isinstance test is False
    return convert(gather_info, features) * 2.0


if __name__ == "__main__":
    info = GatherInfo(np.array([2, 0]), np.array([3]))
    x = jnp.arange(6.0).reshape(3, 2)
    assert jnp.array_equal(embed(info, x), 2.0 * x[jnp.array([2, 0])])
    # closed over, the info stays NumPy: the guard lets the shape check run
    assert jnp.array_equal(jax.jit(lambda f: convert(info, f))(x), x[jnp.array([2, 0])])
    try:
        jax.jit(lambda f: convert(info, f))(x[:2])
    except ValueError:
        pass
    else:
        raise AssertionError("a too short layout must be refused")
    print("ok")
