"""Pytree helpers for the checks: fresh copies, batches, comparisons, state snapshots.

Imports jax at import time: only the runner (in a worker, or in the caller's process through the
Python API) imports this module.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import math
import types
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

MAX_DIFFS = 4  # differences named in one detail message


# ---------------------------------------------------------------------------------------------
# keys and fresh copies


def is_typed_key(value: Any) -> bool:
    dtype = getattr(value, "dtype", None)
    return dtype is not None and isinstance(value, jax.Array) and jax.dtypes.issubdtype(dtype, jax.dtypes.prng_key)


def is_raw_key(value: Any) -> bool:
    """A legacy ``jax.random.PRNGKey`` (uint32 with a trailing axis of 2), or a batch of them."""
    return (isinstance(value, (jax.Array, np.ndarray)) and not is_typed_key(value)
            and value.dtype == np.uint32 and value.ndim >= 1 and value.shape[-1] == 2)


def _renew_key(key: jax.Array) -> jax.Array:
    # A deep copy keeps the key-reuse checker's "consumed" mark; re-wrapping the data does not.
    return jax.random.wrap_key_data(jax.random.key_data(key), impl=jax.random.key_impl(key))


def fresh_copy(value: Any) -> Any:
    """A deep copy whose typed PRNG keys are new, unconsumed keys."""
    copied = copy.deepcopy(value)
    return jax.tree.map(lambda leaf: _renew_key(leaf) if is_typed_key(leaf) else leaf, copied)


def wrap_raw_keys(value: Any) -> tuple[Any, int]:
    """Wrap raw uint32[2] keys with ``wrap_key_data`` so the key-reuse checker sees them."""
    count = 0

    def wrap(leaf: Any) -> Any:
        nonlocal count
        if is_raw_key(leaf):
            count += 1
            return jax.random.wrap_key_data(jnp.asarray(leaf))
        return leaf

    return jax.tree.map(wrap, value), count


def contains_key(value: Any) -> bool:
    return any(is_typed_key(leaf) or is_raw_key(leaf) for leaf in jax.tree.leaves(value))


# ---------------------------------------------------------------------------------------------
# several examples from one


def perturb(value: Any, index: int) -> Any:
    """A variant of an example's dynamic arguments, so batched runs see different values.

    Floats are scaled and shifted, keys are folded with the index; integers and booleans are
    left alone because they are often indices, sizes or flags.
    """
    if index == 0:
        return value

    def vary(leaf: Any) -> Any:
        if is_typed_key(leaf):
            return jax.random.fold_in(leaf, index)
        if is_raw_key(leaf):
            folded = jax.random.fold_in(jax.random.wrap_key_data(jnp.asarray(leaf)), index)
            return jax.random.key_data(folded)
        if isinstance(leaf, bool):
            return leaf
        if isinstance(leaf, float):
            return leaf * (1 + 0.1 * index) + 0.1 * index
        if isinstance(leaf, (jax.Array, np.ndarray)) and jnp.issubdtype(leaf.dtype, jnp.inexact):
            scaled = leaf * (1 + 0.1 * index) + 0.1 * index
            return scaled.astype(leaf.dtype) if isinstance(leaf, np.ndarray) else scaled.astype(leaf.dtype)
        return leaf

    return jax.tree.map(vary, value)


class NotBatchable(Exception):
    """The examples cannot be stacked into one batch (non-array leaves, differing structure)."""


def stack(trees: Sequence[Any], label: str = "") -> Any:
    """Stack pytrees leaf by leaf along a new leading axis; ``label`` names them in messages
    (``argument `mode```, ``argument `state`['lr']``)."""
    structures = {jax.tree.structure(tree) for tree in trees}
    if len(structures) != 1:
        raise NotBatchable("the examples have different pytree structures")
    first_leaves = jax.tree_util.tree_flatten_with_path(trees[0])[0]
    for path, leaf in first_leaves:
        if not _is_array_like(leaf):
            where = f"`{label}`{_path(path)}" if label else (_path(path) or "itself")
            raise NotBatchable(f"argument {where} is a {type(leaf).__name__}, not an array; "
                               "mark it static or give several examples")
    try:
        return jax.tree.map(lambda *leaves: jnp.stack([jnp.asarray(x) for x in leaves]), *trees)
    except (TypeError, ValueError) as error:
        raise NotBatchable(f"the examples cannot be stacked: {str(error).splitlines()[0]}") from error


def _is_array_like(leaf: Any) -> bool:
    return isinstance(leaf, (jax.Array, np.ndarray, np.generic, bool, int, float, complex))


# ---------------------------------------------------------------------------------------------
# comparing results


@dataclass(frozen=True, slots=True)
class Tolerance:
    rtol: float = 1e-4
    atol: float = 1e-5


def compare(expected: Any, actual: Any, tolerance: Tolerance = Tolerance()) -> list[str]:
    """Differences between two results: pytree structure, then per leaf shape, dtype, values."""
    expected_leaves, expected_def = jax.tree_util.tree_flatten_with_path(expected)
    actual_leaves, actual_def = jax.tree_util.tree_flatten_with_path(actual)
    # the ignore: jax types structures as jaxlib's PyTreeDef, an alias mypy cannot resolve
    if expected_def != actual_def:  # type: ignore[operator]
        return [f"pytree structure differs: {structure_difference(expected, actual)}"]
    problems: list[str] = []
    for (path, want), (_, got) in zip(expected_leaves, actual_leaves):
        problem = compare_leaf(want, got, tolerance)
        if problem:
            problems.append(f"{_path(path) or 'output'}: {problem}")
    return problems


def compare_leaf(want: Any, got: Any, tolerance: Tolerance) -> str | None:
    if not (_is_array_like(want) and _is_array_like(got)):
        return None if _python_equal(want, got) else f"{_short(want)} != {_short(got)}"
    want_array, got_array = _as_numpy(want), _as_numpy(got)
    if want_array.shape != got_array.shape:
        return f"shape {want_array.shape} != {got_array.shape}"
    if _has_dtype(want) and _has_dtype(got) and _dtype_name(want) != _dtype_name(got):
        return f"dtype {_dtype_name(want)} != {_dtype_name(got)}"
    if want_array.dtype.kind in "fc" or got_array.dtype.kind in "fc":
        close = np.allclose(got_array, want_array, rtol=tolerance.rtol, atol=tolerance.atol, equal_nan=True)
    else:
        close = np.array_equal(want_array, got_array)
    if close:
        return None
    return f"values differ (expected {_short(want_array)}, got {_short(got_array)})"


def _python_equal(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - an odd __eq__ means "cannot tell": treat as equal
        return True


def _has_dtype(value: Any) -> bool:
    return isinstance(value, (jax.Array, np.ndarray, np.generic))


def _dtype_name(value: Any) -> str:
    return str(value.dtype)


def _as_numpy(value: Any) -> np.ndarray:
    if is_typed_key(value):
        value = jax.random.key_data(value)
    return np.asarray(value)


def _short(value: Any) -> str:
    if isinstance(value, np.ndarray):
        text = np.array2string(value, precision=4, threshold=6, edgeitems=2)
    else:
        text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _path(path: Sequence[Any]) -> str:
    return jax.tree_util.keystr(tuple(path))


def structure_difference(before: Any, after: Any) -> str:
    """A short description of how two pytrees differ in structure (key sets first)."""
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        added = sorted(map(str, set(after) - set(before)))
        dropped = sorted(map(str, set(before) - set(after)))
        parts = [f"key {k!r} added" for k in added] + [f"key {k!r} dropped" for k in dropped]
        if parts:
            return ", ".join(parts[:MAX_DIFFS])
        for key in before:
            if not same_structure(before[key], after[key]):
                return f"[{key!r}]: {structure_difference(before[key], after[key])}"
    if (isinstance(before, (list, tuple)) and isinstance(after, (list, tuple))
            and type(before) is type(after) and len(before) == len(after)):
        for i, (a, b) in enumerate(zip(before, after)):
            if not same_structure(a, b):
                return f"[{i}]: {structure_difference(a, b)}"
    return f"{_treedef_text(before)} became {_treedef_text(after)}"


def _treedef_text(tree: Any) -> str:
    text = str(jax.tree.structure(tree))
    return text if len(text) <= 80 else text[:77] + "..."


def same_structure(first: Any, second: Any) -> bool:
    """Do two pytrees have one structure (treedefs equal, as jax compares them)?"""
    # the ignore: jax types structures as jaxlib's PyTreeDef, an alias mypy cannot resolve
    return jax.tree.structure(first) == jax.tree.structure(second)  # type: ignore[operator]


def signature_changes(before: Any, after: Any) -> list[str]:
    """What differs between two calls' arguments as jit's cache sees them (structure, avals)."""
    if not same_structure(before, after):
        return [structure_difference(before, after)]
    changes = []
    before_leaves = jax.tree_util.tree_flatten_with_path(before)[0]
    after_leaves = jax.tree.leaves(after)
    for (path, a), b in zip(before_leaves, after_leaves):
        type_a, type_b = _aval_text(a), _aval_text(b)
        if type_a != type_b:
            changes.append(f"{_path(path) or 'argument'} {type_a} became {type_b}")
    return changes[:MAX_DIFFS]


def _aval_text(leaf: Any) -> str:
    try:
        return str(jax.typeof(leaf))
    except Exception:  # noqa: BLE001 - static or odd leaves: their Python type is what jit keys on
        return type(leaf).__name__


# ---------------------------------------------------------------------------------------------
# snapshots of mutable state (module globals, closure cells, arguments)


def is_tracer(value: Any) -> bool:
    return isinstance(value, jax.core.Tracer)


_CODE_TYPES = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.ModuleType,
               type, functools.partial)


def is_code(value: Any) -> bool:
    """Functions, classes, modules and wrapped functions (jit objects): not state. Instances of
    classes that merely define ``__call__`` (models, layers) are state."""
    return isinstance(value, _CODE_TYPES) or hasattr(value, "__wrapped__") or hasattr(value, "_jit_info")


Snapshot = Any  # nested tuples; see snapshot()


def snapshot(value: Any, depth: int = 6, _seen: frozenset[int] = frozenset()) -> Snapshot:
    """A comparable picture of a value's content, to tell whether it changed."""
    if is_tracer(value):
        return ("tracer", type(value).__name__)
    if isinstance(value, (jax.Array, np.ndarray, np.generic)):
        return ("array", tuple(np.shape(value)), str(value.dtype), _digest(value), _small_text(value))
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return ("value", value if not (isinstance(value, float) and math.isnan(value)) else "nan")
    if depth <= 0 or id(value) in _seen:
        return ("ref", type(value).__name__, id(value))
    seen = _seen | {id(value)}
    if isinstance(value, Mapping):
        return ("map", type(value).__name__,
                tuple((repr(k), snapshot(v, depth - 1, seen)) for k, v in list(value.items())[:200]))
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return ("seq", type(value).__name__, len(value),
                tuple(snapshot(v, depth - 1, seen) for v in list(items)[:200]))
    attributes = getattr(value, "__dict__", None)
    if isinstance(attributes, dict) and not is_code(value):
        return ("object", type(value).__qualname__,
                tuple((k, snapshot(v, depth - 1, seen)) for k, v in sorted(attributes.items())))
    return ("ref", type(value).__name__, id(value))


def _small_text(value: Any) -> str:
    """The values of a small array, for messages ("0 became 1")."""
    try:
        if np.size(value) > 6 or is_typed_key(value):
            return ""
        return _short(np.asarray(value))
    except Exception:  # noqa: BLE001 - deleted or donated buffers
        return ""


def _digest(value: Any) -> str:
    try:
        data = np.asarray(jax.random.key_data(value) if is_typed_key(value) else value)
        return hashlib.blake2b(data.tobytes(), digest_size=8).hexdigest()
    except Exception:  # noqa: BLE001 - deleted or donated buffers
        return "?"


def describe_change(before: Snapshot, after: Snapshot, path: str = "") -> list[str]:
    """Where two snapshots differ, as readable paths."""
    if before == after:
        return []
    if (before[0] == after[0] == "map") and before[1] == after[1]:
        old, new = dict(before[2]), dict(after[2])
        changes = [f"{path}[{k}] added" for k in new if k not in old]
        changes += [f"{path}[{k}] removed" for k in old if k not in new]
        for key in old:
            if key in new:
                changes += describe_change(old[key], new[key], f"{path}[{key}]")
        return changes[:MAX_DIFFS]
    if before[0] == after[0] == "seq" and before[1] == after[1]:
        if before[2] != after[2]:
            return [f"{path + ' ' if path else ''}length {before[2]} became {after[2]}"]
        changes = []
        for i, (a, b) in enumerate(zip(before[3], after[3])):
            changes += describe_change(a, b, f"{path}[{i}]")
        return changes[:MAX_DIFFS]
    if before[0] == after[0] == "object" and before[1] == after[1]:
        old, new = dict(before[2]), dict(after[2])
        changes = [f"{path}.{k} added" for k in new if k not in old]
        for key in old:
            if key in new:
                changes += describe_change(old[key], new[key], f"{path}.{key}")
            else:
                changes.append(f"{path}.{key} removed")
        return changes[:MAX_DIFFS]
    return [f"{path or 'value'}: {_snapshot_text(before)} became {_snapshot_text(after)}"]


def _snapshot_text(shot: Snapshot) -> str:
    kind = shot[0]
    if kind == "value":
        return repr(shot[1])
    if kind == "array":
        return shot[4] or f"array{list(shot[1])} {shot[2]}"
    if kind == "tracer":
        return f"a tracer ({shot[1]})"
    if kind == "seq":
        return f"{shot[1]} of {shot[2]}"
    if kind == "map":
        return f"{shot[1]} with {len(shot[2])} keys"
    return f"<{shot[1]}>"


def find_tracers(value: Any, path: str = "", depth: int = 6,
                 _seen: set[int] | None = None) -> Iterator[str]:
    """Paths at which a tracer is stored (a leak that outlived its trace)."""
    seen = set() if _seen is None else _seen
    if is_tracer(value):
        yield path or "value"
        return
    if depth <= 0 or id(value) in seen or isinstance(value, (str, bytes, jax.Array, np.ndarray)):
        return
    seen.add(id(value))
    if isinstance(value, Mapping):
        for key, item in list(value.items()):
            yield from find_tracers(item, f"{path}[{key!r}]", depth - 1, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for i, item in enumerate(list(value)):
            yield from find_tracers(item, f"{path}[{i}]", depth - 1, seen)
    elif isinstance(getattr(value, "__dict__", None), dict) and not is_code(value):
        for key, item in list(vars(value).items()):
            yield from find_tracers(item, f"{path}.{key}", depth - 1, seen)


def first(items: Iterator[str] | list[str], limit: int = MAX_DIFFS) -> list[str]:
    out = []
    for item in items:
        out.append(item)
        if len(out) >= limit:
            break
    return out
