"""What kind of value an expression holds inside a function: traced, static, or unknown.

The lattice is small on purpose. ``TRACED`` is a traced value of unknown structure (a
parameter may be a dict of arrays: its truthiness is static, comparing it is not);
``TRACED_ARRAY`` is known to be an array (arithmetic, comparisons, ``jnp`` results), so
``bool()`` on it fails under jit. ``ARRAY`` is a JAX array not known to be traced, which
matters for in-place assignment; ``ARRAY_TREE`` is a library's pytree whose fields are such
arrays (what ``mjx.make_data`` returns). Anything the analysis cannot classify is
``UNKNOWN`` and no rule reports on it: precision first.

The order matters: every kind from ``TRACED_CONTAINER`` up is traced.
"""

from __future__ import annotations

from enum import IntEnum


class Kind(IntEnum):
    UNKNOWN = 0
    STATIC = 1
    NUMPY = 2
    ARRAY = 3
    ARRAY_TREE = 4  # a library's pytree of JAX arrays (mjx.Data), not known to be traced
    REF = 5
    TRACED_CONTAINER = 6  # a Python list/tuple/dict built here that holds traced values
    TRACED = 7
    TRACED_ARRAY = 8


UNKNOWN = Kind.UNKNOWN
STATIC = Kind.STATIC
NUMPY = Kind.NUMPY
ARRAY = Kind.ARRAY
ARRAY_TREE = Kind.ARRAY_TREE
REF = Kind.REF
TRACED_CONTAINER = Kind.TRACED_CONTAINER
TRACED = Kind.TRACED
TRACED_ARRAY = Kind.TRACED_ARRAY

KIND_NAMES: dict[int, str] = {
    UNKNOWN: "unknown",
    STATIC: "static",
    NUMPY: "numpy",
    ARRAY: "jax-array",
    ARRAY_TREE: "jax-array-tree",
    REF: "ref",
    TRACED_CONTAINER: "traced-container",
    TRACED: "traced",
    TRACED_ARRAY: "traced-array",
}


def is_traced(kind: int) -> bool:
    return kind >= TRACED_CONTAINER


def is_jax_array(kind: int) -> bool:
    return kind in (ARRAY, TRACED_ARRAY)


def join(a: int, b: int) -> int:
    """The kind of a value that may be either: a maybe-traced value counts as traced."""
    if a == b:
        return a
    if is_traced(a) or is_traced(b):
        if is_traced(a) and is_traced(b):
            return TRACED
        return a if is_traced(a) else b
    return UNKNOWN


def arith(kinds: list[int]) -> int:
    """The kind of an arithmetic result from operands of these kinds."""
    if any(is_traced(k) for k in kinds):
        return TRACED_ARRAY
    if any(k == ARRAY for k in kinds):
        return ARRAY
    if any(k == NUMPY for k in kinds):
        return NUMPY
    if all(k == STATIC for k in kinds):
        return STATIC
    return UNKNOWN


def container(kinds: list[int]) -> int:
    """A tuple/list/dict holding values of these kinds (its truthiness is static)."""
    if any(is_traced(k) for k in kinds):
        return TRACED_CONTAINER
    if all(k == STATIC for k in kinds):
        return STATIC
    return UNKNOWN
