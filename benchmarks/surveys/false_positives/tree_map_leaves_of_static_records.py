# Seen in google-research/precondition precondition/tearfree/reshaper.py:92 and 117
# (2 JXP401).
# tearfree's `merge(options)` is an optax transformation whose `update(updates, state,
# params)` first builds `shapes = jax.tree.map(partial(_derive_shapes, options), params)`:
# one `_Shapes` per parameter, a plain `@dataclasses.dataclass` (not a pytree) holding
# lists of ints taken from `param.shape`. It then runs `jax.tree.map(_merge, updates,
# shapes)`, and `_merge(update, shapes)` checks `assert list(update.shape) ==
# shapes.original_shape` before reshaping. The second tree's leaves are the `_Shapes`
# records, given whole: the comparison is between Python lists, decided at trace time. The
# analysis takes what jax.tree.map hands the mapped function from every tree as traced
# leaves, so `shapes.original_shape` is traced and the assert on it reported; it would have
# to know the leaves of a tree built by an earlier tree.map from static values (shapes of
# the leaves, put in a class that is no pytree).
# Checked under jax 0.10.2: `python tree_map_leaves_of_static_records.py` passes.
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class _Shapes:
    original_shape: list[int]
    merged_shape: list[int]


def _derive_shapes(block, param):
    merged = [param.size] if param.ndim > 1 and param.size <= block else list(param.shape)
    return _Shapes(original_shape=list(param.shape), merged_shape=merged)


def merge(block):
    def _merge(update, shapes):
        assert list(update.shape) == shapes.original_shape, shapes  # must not be reported (JXP401)
        return update.reshape(shapes.merged_shape)

    def update(updates, params):
        shapes = jax.tree.map(functools.partial(_derive_shapes, block), params)
        return jax.tree.map(_merge, updates, shapes)

    return jax.jit(update)


if __name__ == "__main__":
    params = {"w": jnp.ones((2, 3)), "b": jnp.ones(3)}
    out = merge(8)(params, params)
    assert out["w"].shape == (6,) and out["b"].shape == (3,)
    print("ok")
