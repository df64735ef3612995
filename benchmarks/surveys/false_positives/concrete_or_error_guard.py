# Seen in dynamiqs/dynamiqs dynamiqs/qarrays/sparsedia_primitives.py:101, 157-158 (JXP403 x3).
# `array_to_sparsedia(x, offsets)` finds the non-zero diagonals with NumPy (`np.nonzero`,
# `np.unique`, then `.item()` on the NumPy result) only when `offsets is None`, and that
# branch first calls `concrete_or_error(None, x, msg)`, which raises a ConcretizationTypeError
# carrying the library's own message when `x` is a tracer and returns the concrete value
# otherwise. So the NumPy calls only ever see concrete arrays; under a transform the caller
# must pass static offsets, and the traced path never reaches them. The analysis does not
# know that `concrete_or_error` ends the traced path (dynamiqs imports it from jax._src.core;
# jax.extend.core is its public home).
# Checked under jax 0.10.2: `python concrete_or_error_guard.py` passes.
import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import concrete_or_error


def _to_tuple(x: np.ndarray) -> tuple:
    return tuple(sub_x.item() for sub_x in x)


def _find_offsets(x) -> tuple:
    indices = np.nonzero(x)
    return _to_tuple(np.unique(indices[-1] - indices[-2]))


def to_diagonals(x, offsets=None):
    if offsets is None:
        concrete_or_error(None, x, "pass `offsets` to use to_diagonals under a transform")
        offsets = _find_offsets(x)
    band = jnp.arange(x.shape[-1])[None, :] - jnp.arange(x.shape[-1])[:, None]
    diags = jnp.stack([jnp.sum(jnp.where(band == k, x, 0), axis=0) for k in offsets])
    return offsets, diags


x = jnp.eye(4) + jnp.eye(4, k=1)
offsets, _ = to_diagonals(x)  # eager: NumPy finds the offsets
assert offsets == (0, 1)
_, diags = jax.jit(to_diagonals, static_argnums=1)(x, (0, 1))  # traced: offsets given
assert diags.shape == (2, 4)
try:
    jax.jit(to_diagonals)(x)  # traced without offsets: the guard's own error
except jax.errors.ConcretizationTypeError as e:
    assert "pass `offsets`" in str(e)
else:
    raise AssertionError("expected ConcretizationTypeError")
print("ok")
