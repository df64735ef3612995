# Seen in arpastrana/jax_fdm src/jax_fdm/geometry/geometry.py:160 (JXP401), the sixteenth
# set's first run.
# `normalize_vector(u, safe_nan: bool = True)` branches in Python on `safe_nan` (replace
# NaNs and guard the zero vector, or divide by the length as is). The module vmaps it as
# `vmap(normalize_vector, in_axes=(0,))(edge_vectors)`: one positional argument, one
# entry in `in_axes`. vmap maps only the arguments it is given; `safe_nan` is never passed,
# by the vmap or by any other caller (all call it with one argument), so inside the trace it
# is the Python default `True`. The `if` is on a Python bool.
# The analysis takes every parameter of a vmapped function as batched, a parameter with a
# default (annotated `bool`) that the vmap call does not pass included.
# Checked under jax 0.10.2: `python annotated_bool_option_not_passed_by_vmap.py` passes.
import jax
import jax.numpy as jnp


def length_vector(u):
    return jnp.sqrt(jnp.sum(u**2))


def normalize_vector(u, safe_nan: bool = True):
    if safe_nan:  # must not be reported (JXP401)
        u = jnp.nan_to_num(u)
        is_zero = jnp.allclose(u, 0.0)
        length = jnp.where(is_zero, 1.0, length_vector(u))
    else:
        length = length_vector(u)
    return u / length


def unit_edges(edge_vectors):
    return jax.vmap(normalize_vector, in_axes=(0,))(edge_vectors)


if __name__ == "__main__":
    edges = jnp.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0], [jnp.nan, 2.0, 0.0]])
    units = unit_edges(edges)
    assert jnp.allclose(units[0], jnp.array([0.6, 0.8, 0.0]))
    assert jnp.array_equal(units[1], jnp.zeros(3))
    assert jnp.allclose(units[2], jnp.array([0.0, 1.0, 0.0]))
    print("ok")
