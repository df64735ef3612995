"""Functions mapped over a pytree's leaves whose results are the leaves' structure.

``jax.tree.map(lambda x: x.shape, tree)`` builds a pytree of Python tuples: under a trace
its leaves are static however traced the input tree is (a shape is known at trace time),
so ``jax.tree.map(lambda u, s: u.reshape(s), flat, shapes)`` reshapes to static shapes.

So with the leaves' paths: ``tree_map_with_path(lambda p, _: keystr(p), tree)`` names each
leaf by its path (a tuple of dict keys, attribute names and indices, Python values), a
pytree of strings whatever the leaves are (paxml logs the variables a mask excludes).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis.catalog.arrays import STATIC_ATTRS

TREE_MAPS = frozenset({"jax.tree.map", "jax.tree_util.tree_map"})
PATH_MAPS = frozenset({"jax.tree.map_with_path", "jax.tree_util.tree_map_with_path"})
# calls that keep a structure static: `tuple(x.shape)`, `len(x)`
_STATIC_WRAPPERS = frozenset({"tuple", "list", "len", "int"})


def maps_to_structure(function: cst.BaseExpression) -> bool:
    """Whether ``function`` is a lambda whose result is built only from its parameters'
    structure (``x.shape``, ``x.shape[0]``, ``len(x)``, ``(x.ndim, x.dtype)``, or such a value
    given to a class, ``Shape(x.shape)``: a tuple subclass that stays one leaf)."""
    if type(function) is not cst.Lambda:
        return False
    params = {p.name.value for p in function.params.params}
    return bool(params) and _structure_of(function.body, params)


def _structure_of(expr: cst.BaseExpression, params: set[str]) -> bool:
    if type(expr) is cst.Attribute:
        return expr.attr.value in STATIC_ATTRS and type(expr.value) is cst.Name \
            and expr.value.value in params
    if type(expr) is cst.Subscript:
        return _structure_of(expr.value, params)
    if isinstance(expr, (cst.Tuple, cst.List)):
        return bool(expr.elements) and all(
            _structure_of(e.value, params) for e in expr.elements)
    if type(expr) is cst.Call and len(expr.args) == 1 and not expr.args[0].keyword:
        func, (arg,) = expr.func, expr.args
        if type(func) is cst.Name and func.value == "len":
            return type(arg.value) is cst.Name and arg.value.value in params
        # `tuple(x.shape)`, or a class named in CapWords given a shape (`Shape(x.shape)`)
        named = type(func) is cst.Name and (func.value in _STATIC_WRAPPERS or func.value[:1].isupper())
        return named and _structure_of(arg.value, params)
    return False


def maps_path_to_value(function: cst.BaseExpression,
                       static_call: Callable[[cst.BaseExpression], bool]) -> bool:
    """Whether ``function``, mapped with the leaves' paths, is a lambda whose result is a
    call returning a Python value (``static_call`` of its callee: ``keystr``, ``str``)
    given only the path, its first parameter (``lambda p, _: keystr(p)``), never a leaf."""
    if type(function) is not cst.Lambda or type(function.body) is not cst.Call:
        return False
    params = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
    body = function.body
    if len(params) < 2 or isinstance(function.params.star_arg, cst.Param) \
            or function.params.star_kwarg is not None or not static_call(body.func):
        return False
    leaves = set(params[1:])
    return all(not a.star and not any(n.value in leaves for n in _names(a.value))
               for a in body.args)


def _names(node: cst.CSTNode) -> list[cst.Name]:
    found = [node] if type(node) is cst.Name else []
    for child in node.children:
        found += _names(child)
    return found
