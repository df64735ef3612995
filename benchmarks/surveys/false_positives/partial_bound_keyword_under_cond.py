# Seen in tumaer/jax-sph jax_sph/jax_md/partition.py:971 (JXP402) and jax_sph/partition.py:300,
# 311 (JXP403, JXP402), jax-md's neighbour list as jax-sph copies it.
# The neighbour-list update binds the list's static capacity into the rebuild function
# (`neighbor_fn = partial(neighbor_fn, max_occupancy=nbrs.max_occupancy)`, a static field
# of the list's pytree class) and hands that name to the five-argument
# `lax.cond(pred, true_operand, true_fun, false_operand, false_fun)`. Under the cond,
# `max_occupancy` is the old list's Python int: the `if max_occupancy is None:` branch
# that computes a capacity with `int(occupancy * ...)` runs only when a list is first
# allocated, outside any transform, and the slice `idx[:, :max_occupancy]` has a static
# bound. Two gaps show: through the rebound name the slice bound is taken for traced
# (jax-md passes the `partial(...)` inline in the cond call, and its slice is not
# reported); and with the keyword bound either way, the None-default branch is still
# taken for one that runs under the cond (the `int()`).
# Checked under jax 0.10.2: `python partial_bound_keyword_under_cond.py` passes.
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
