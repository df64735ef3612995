"""Functions that only split a key parameter and return the children.

A setup function may take a key, split it and hand the children back inside its result
without drawing from any of them (Stoix's ``evaluator_setup(..., key_e)``: ``key_e,
*eval_keys = jax.random.split(key_e, n + 1)`` ... ``return evaluator, absolute_evaluator,
(params, eval_keys)``). For its caller the call is a split of the key whose children are
the parts of the result they are returned in (their *paths*: ``((2, 1),)`` there): when the
names the caller binds to those parts are overwritten before any read, the call used none
of the key's randomness (flow/key_uses.py, as for a ``split`` whose children are dead).
Another module learns these facts through the summaries (split_return_index.py).

Read strictly, so that nothing drawn inside is missed: the parameter is read once, by one
``jax.random.split`` among the function's own top-level statements (not in a branch or a
loop); after it, the children (the names the split binds) are read only by assignments of
``jax.numpy``/``jax.lax`` arithmetic and array methods (``jnp.stack(keys).reshape(n, -1)``),
which bind children in turn, and by the final ``return``, whose tuple gives the paths; no
nested function, lambda or class mentions them or the parameter, and the function is no
generator and has no decorator. Any other read (a draw, a call of a helper, a store) and
the function is not one.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.split_return_index import SplitReturn, paths_text
from jaxpure.analysis.syntax import names_in, push_children, statements, target_names, target_paths

__all__ = ["exported_split_returns", "split_returned"]

Paths = tuple[tuple[int, ...], ...]

# array methods that compute from the array they are called on, drawing nothing
_ARRAY_METHODS = frozenset({"reshape", "astype", "squeeze", "transpose", "ravel", "flatten",
                            "swapaxes", "copy"})
_PURE_PREFIXES = ("jax.numpy.", "jax.lax.")
_PLAIN_NODES = (cst.Name, cst.Attribute, cst.Subscript, cst.SubscriptElement, cst.Index,
                cst.Slice, cst.Tuple, cst.List, cst.Element, cst.StarredElement, cst.Arg,
                cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float,
                cst.SimpleString)
_PUNCTUATION = (cst.Colon,)  # a slice's `first_colon` (push_children skips the rest)
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)


def split_returned(resolver: Resolver, unit: Unit) -> dict[str, Paths]:
    """Key parameter -> the paths in the result of ``unit`` that hold its children, for
    each parameter ``unit`` only splits and returns the children of (module docstring);
    worked out once per function."""
    memo: dict[int, dict[str, Paths]] = resolver.memo.setdefault("split_returned", {})
    found = memo.get(id(unit))
    if found is None:
        found = memo[id(unit)] = _split_returned(resolver, unit)
    return found


def exported_split_returns(resolver: Resolver, index: ModuleIndex) -> tuple[SplitReturn, ...]:
    """The facts of the module's functions another module may call by name (bound once at
    module level): (function, parameter, its position, -1 keyword-only; the paths)."""
    found: list[SplitReturn] = []
    for unit in index.units:
        # (the precheck costs nothing for most functions: no split of a parameter)
        if not unit.random_args or unit.parent is not None or unit.parent_is_class \
                or not _splits_a_parameter(unit) or len(index.bindings.get(unit.name, ())) != 1:
            continue
        positional = [p.name for p in unit.params if p.index >= 0 and not p.star]
        for param, paths in sorted(split_returned(resolver, unit).items()):
            position = positional.index(param) if param in positional else -1
            found.append((unit.name, param, position, paths_text(paths)))
    return tuple(found)


def _splits_a_parameter(unit: Unit) -> bool:
    # (a loop, not any(): asked of every function handing a name to jax.random)
    params = unit.param_names
    for text, name in unit.random_args:
        if name in params and text.endswith("split"):
            return True
    return False


def _split_returned(resolver: Resolver, unit: Unit) -> dict[str, Paths]:
    node = unit.node
    if type(node) is not cst.FunctionDef or node.decorators or not _splits_a_parameter(unit):
        return {}
    lines: list[cst.CSTNode] = []
    for statement in statements(node.body):
        lines.extend(statement.body if type(statement) is cst.SimpleStatementLine else [statement])
    found: dict[str, Paths] = {}
    for i, line in enumerate(lines):
        param = _split_parameter(resolver, unit, line)
        if param is None or any(_mentions(other, {param}) for other in lines[:i]):
            continue
        assert type(line) is cst.Assign
        children = {n for t in line.targets for n in target_names(t.target)}
        if param not in children and any(_mentions(other, {param}) for other in lines[i + 1:]):
            continue  # the parameter read again after the split
        paths = _returned_children(resolver, unit, lines[i + 1:], children)
        if paths and not _nested_reads(node, children | {param}):
            found[param] = paths
    return found


def _split_parameter(resolver: Resolver, unit: Unit, line: cst.CSTNode) -> str | None:
    """The parameter ``line`` splits (``key, *keys = jax.random.split(key, n + 1)``), the
    only name its value mentions as a key, bound to plain names; None for any other line."""
    if type(line) is not cst.Assign or type(line.value) is not cst.Call \
            or any(target_paths(t.target) for t in line.targets):
        return None
    call = line.value
    if not call.args or call.args[0].keyword is not None and call.args[0].keyword.value != "key":
        return None
    key = call.args[0].value
    if type(key) is not cst.Name or key.value not in unit.param_names \
            or resolver.qualname(call.func, unit) != "jax.random.split" \
            or any(_mentions(arg, {key.value}) for arg in call.args[1:]):
        return None
    param = unit.param(key.value)
    return key.value if param is not None and not param.star else None


def _returned_children(resolver: Resolver, unit: Unit, lines: list[cst.CSTNode],
                       children: set[str]) -> Paths:
    """The paths of the children in what the last of ``lines`` returns, if the lines before
    it read them only to compute children from them; () when they do anything else."""
    live = set(children)
    for position, line in enumerate(lines):
        if type(line) is cst.Return:
            if position != len(lines) - 1 or line.value is None:
                return ()
            return _paths(resolver, unit, line.value, live, ())
        if not _mentions(line, live):
            if type(line) is cst.Assign:  # children overwritten by something else
                live -= {n for t in line.targets for n in target_names(t.target)}
            continue
        if type(line) is not cst.Assign or not _computed(resolver, unit, line.value) \
                or any(type(t.target) is not cst.Name for t in line.targets):
            return ()
        live |= {t.target.value for t in line.targets}  # type: ignore[attr-defined]
    return ()


def _paths(resolver: Resolver, unit: Unit, value: cst.BaseExpression, live: set[str],
           at: tuple[int, ...]) -> Paths:
    """The paths under ``at`` of the parts of ``value`` computed from children; () when a
    part reads them some other way (a dict, a call of a helper)."""
    if not _mentions(value, live):
        return ()
    if type(value) is cst.Tuple and not any(type(e) is cst.StarredElement for e in value.elements):
        found: list[tuple[int, ...]] = []
        for position, element in enumerate(value.elements):
            inner = _paths(resolver, unit, element.value, live, at + (position,))
            if _mentions(element.value, live) and not inner:
                return ()
            found.extend(inner)
        return tuple(found)
    return (at,) if _computed(resolver, unit, value) else ()


def _computed(resolver: Resolver, unit: Unit, value: cst.CSTNode) -> bool:
    """Whether ``value`` only computes from its names: arithmetic, indexing, ``jax.numpy``
    and ``jax.lax`` functions (no ``jax.random``), array methods."""
    stack: list[cst.CSTNode] = [value]
    while stack:
        node = stack.pop()
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Attribute and func.attr.value in _ARRAY_METHODS:
                stack.append(func.value)
            elif not (resolver.qualname(func, unit) or "").startswith(_PURE_PREFIXES):
                return False
            stack.extend(node.args)
        elif isinstance(node, _PLAIN_NODES):
            push_children(node, stack)
        elif type(node) not in _PUNCTUATION:

            return False
    return True


def _nested_reads(function: cst.FunctionDef, names: set[str]) -> bool:
    """Whether a function, lambda or class defined in ``function`` mentions ``names``, or
    ``function`` yields (a generator runs its body later)."""
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            if _mentions(node, names):
                return True
            continue
        if type(node) is cst.Yield:
            return True
        push_children(node, stack)
    return False


def _mentions(node: cst.CSTNode, names: set[str]) -> bool:
    return any(found.value in names for found in names_in(node))
