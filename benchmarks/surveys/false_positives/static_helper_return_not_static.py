# Seen in jax-md/jax-md jax_md/tpu.py:1443 (JXP104 print under jax.jit, called from a jitted
# caller). When a folded grid may be too small, `_fold_grid` prints the fold factors and the
# shapes. The factors come from a module helper that computes them with NumPy from static
# arguments (the batch size, the grid's shape) into a local and returns that local, so the
# printed text is complete at trace time: once per compilation, on purpose, like a shape.
import contextlib
import functools
import io

import jax
import jax.numpy as jnp
import numpy as onp


def _fold_factors(batch_size, grid_shape):
    num_dims = len(grid_shape)
    folds = onp.zeros((num_dims,), onp.int32)
    for i in range(int(onp.log2(batch_size))):
        folds[i % num_dims] += 1
    factors = 2**folds
    return factors


def _fold_grid(cell_data, max_distance, batch_size=None, factors=None):
    if factors is None:
        factors = _fold_factors(batch_size, cell_data.shape)
    data_shape = []
    for i in range(cell_data.ndim):
        data_shape += [factors[i], cell_data.shape[i] // factors[i]]
    if min([s / f for s, f in zip(cell_data.shape, factors)]) < max_distance:
        print(
            f"Folded grid may be too small. Factors: {factors}, "
            f"cell_data.shape: {cell_data.shape}, New data_shape {data_shape}."
        )
    return cell_data.reshape(data_shape)


@functools.partial(jax.jit, static_argnames=("max_distance", "batch_size"))
def fold(cell_data, max_distance, batch_size):
    return _fold_grid(cell_data, max_distance, batch_size)


out = io.StringIO()
with contextlib.redirect_stdout(out):
    folded = fold(jnp.ones((4, 8)), 3, 8)
    fold(jnp.zeros((4, 8)), 3, 8)
assert folded.shape == (4, 1, 2, 4)
# once, at trace time, and with concrete numbers: no tracer in the text
assert out.getvalue().count("Folded grid") == 1 and "Traced" not in out.getvalue()
assert "Factors: [4 2]" in out.getvalue(), out.getvalue()
print(out.getvalue().strip())
