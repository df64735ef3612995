"""Functions mapped over a pytree's leaves whose results are the leaves' structure.

``jax.tree.map(lambda x: x.shape, tree)`` builds a pytree of Python tuples: under a trace
its leaves are static however traced the input tree is (a shape is known at trace time),
so ``jax.tree.map(lambda u, s: u.reshape(s), flat, shapes)`` reshapes to static shapes.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.arrays import STATIC_ATTRS

TREE_MAPS = frozenset({"jax.tree.map", "jax.tree_util.tree_map"})
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
