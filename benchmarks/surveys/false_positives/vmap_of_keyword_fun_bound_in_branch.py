# Seen in google/lightweight_mmm lightweight_mmm/media_transforms.py:132 and
# lightweight_mmm/core/transformations/lagging.py:40 (2 JXP402).
# `_carryover_convolve(data, weights, number_lags)` is decorated
# `@functools.partial(jax.vmap, in_axes=(1, 1, None), out_axes=1)` and builds
# `jnp.zeros(number_lags - 1)`. Its caller, jitted with `static_argnames=("number_lags",)`,
# binds `convolve_func = _carryover_convolve` and, for 3-d data only, rebinds it to
# `jax.vmap(fun=_carryover_convolve, in_axes=(2, None, None), out_axes=2)`; then it calls
# `convolve_func(data, weights, number_lags)`. An axis of None passes the argument through
# untouched, so `number_lags` stays the static Python int through both vmaps and the shape is
# concrete. The analysis reads the `in_axes` of `jax.vmap(f, in_axes=...)` called at once or
# through a name bound once; here two things lose them: the function given as the keyword
# `fun=`, and a name bound to the plain function or to its vmap on alternative paths. Each
# alone is enough for the report (the last two functions below).
# Checked under jax 0.10.2: `python vmap_of_keyword_fun_bound_in_branch.py` passes.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.vmap, in_axes=(1, 1, None), out_axes=1)
def convolve(data, weights, number_lags: int):
    window = jnp.concatenate([jnp.zeros(number_lags - 1), weights])  # must not be reported (JXP402)
    return jnp.convolve(data, window, mode="same") / weights.sum()


@functools.partial(jax.jit, static_argnames=("number_lags",))
def carryover(data, rate, number_lags: int = 3):
    lags = jnp.arange(number_lags, dtype=jnp.float32)[:, None]
    weights = rate ** (lags**2)
    convolve_func = convolve
    if data.ndim == 3:
        convolve_func = jax.vmap(fun=convolve, in_axes=(2, None, None), out_axes=2)
    return convolve_func(data, weights, number_lags)


def pad(row, width: int):
    return jnp.concatenate([jnp.zeros(width - 1), row])  # must not be reported (JXP402)


@jax.jit
def pad_rows(rows):
    return jax.vmap(fun=pad, in_axes=(0, None))(rows, 3)


def pad_sum(row, width: int):
    return row.sum() + jnp.zeros(width + 1)  # must not be reported (JXP402)


@jax.jit
def pad_maybe_batched(rows):
    f = pad_sum
    if rows.ndim == 2:
        f = jax.vmap(pad_sum, in_axes=(0, None))
    return f(rows, 2)


if __name__ == "__main__":
    data2 = jnp.ones((10, 2))
    data3 = jnp.ones((10, 2, 4))
    rate = jnp.array([0.5, 0.7])
    assert carryover(data2, rate).shape == (10, 2)
    assert carryover(data3, rate).shape == (10, 2, 4)
    assert carryover(data2, rate, number_lags=5).shape == (10, 2)
    assert pad_rows(jnp.ones((4, 5))).shape == (4, 7)
    assert pad_maybe_batched(jnp.ones((4, 5))).shape == (4, 3)
    assert pad_maybe_batched(jnp.ones(5)).shape == (3,)
    print("ok")
