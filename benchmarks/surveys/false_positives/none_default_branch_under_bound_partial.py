# Seen in tumaer/jax-sph jax_sph/partition.py:300 (JXP403), jax-md's neighbour list as
# jax-sph copies it (what is left of partial_bound_keyword_under_cond, whose slices are
# taught: fixtures/surveys/partial_bound_keyword_under_cond.py).
# The neighbour-list update binds the list's static capacity into the rebuild function
# (`neighbor_fn = partial(neighbor_fn, max_occupancy=nbrs.max_occupancy)`, a static field
# of the list's pytree class declared `max_occupancy: int`) and hands it to the
# five-argument `lax.cond(pred, true_operand, true_fun, false_operand, false_fun)`. Under
# the cond `max_occupancy` is the old list's Python int: the `if max_occupancy is None:`
# branch that computes a capacity with `int(occupancy * ...)` runs only when a list is
# first allocated, outside any transform. The analysis walks that branch as traced: a
# function a transform runs is called with what JAX passes, and a keyword the partial
# binds to an attribute (`nbrs.max_occupancy`) is not known to be no `None`; only the
# field's declared type (`int`, in another module for jax-sph) says so.
# Why it is hard (tried at 40a14a3): the function is also called directly, without the
# keyword, where the caller finds no list yet (`if nbrs is None: return neighbor_fn(...)`);
# that call is walked as traced too, and `jax.jit(update)(pos, None)` would really run the
# allocation branch under the trace. Ruling it out needs partial-bound values per origin,
# a declared non-Optional field known as "not None" across modules, and a class annotation
# on the jitted function's parameter trusted as "not None" (JAX takes None as a pytree).
# The finding's message names the cond, where the branch cannot run: judged false.
# Checked under jax 0.10.2: `python none_default_branch_under_bound_partial.py` passes.
from functools import partial

import flax.struct
import jax
import jax.numpy as jnp
from jax import lax


@flax.struct.dataclass
class NeighborList:
    idx: jax.Array
    reference: jax.Array
    max_occupancy: int = flax.struct.field(pytree_node=False)


def count(d):
    return jnp.sum(d < 0.5, axis=1).max()


def neighbor_list_fn(position, nbrs=None):
    def neighbor_fn(position_and_error, max_occupancy=None):
        position, err = position_and_error
        d = jnp.abs(position[:, None] - position[None, :])
        idx = jnp.argsort(d, axis=1)
        occupancy = count(d)
        if max_occupancy is None:
            max_occupancy = int(occupancy * 1.0)
        idx = idx[:, :max_occupancy]
        return NeighborList(idx, position, max_occupancy)

    if nbrs is None:
        return neighbor_fn((position, jnp.zeros((), bool)))
    neighbor_fn = partial(neighbor_fn, max_occupancy=nbrs.max_occupancy)
    moved = jnp.any(jnp.abs(position - nbrs.reference) > 0.1)
    return lax.cond(moved, (position, jnp.zeros((), bool)), neighbor_fn, nbrs, lambda x: x)


def allocate(position):
    return neighbor_list_fn(position)


def update(position, nbrs):
    return neighbor_list_fn(position, nbrs)


if __name__ == "__main__":
    pos = jnp.array([0.0, 0.3, 1.0, 1.2])
    nbrs = allocate(pos)  # allocation, outside jit: the capacity is computed here
    assert nbrs.max_occupancy == 2 and nbrs.idx.shape == (4, 2)
    moved = jax.jit(update)(pos + 0.2, nbrs)
    assert moved.max_occupancy == 2 and moved.idx.shape == (4, 2)
    assert jnp.allclose(moved.reference, pos + 0.2)
    print("ok")
