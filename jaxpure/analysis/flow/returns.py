"""What a helper of this module returns, read from its ``return`` statements: a JAX array
expression, a display of them, or a dict display whose entry under one key is one.

Syntactic and flow-insensitive: callers are walked before their callees, so a callee's
walked kinds are not known yet when a call to it is inferred. An expression is an array
expression when it is a ``jnp``/``lax`` call, arithmetic on one, an array method of one
(``losses.sum()``), a call of a helper returning one, or a local name every binding of
which is one (``summed = losses.sum(); return {"summed": summed}``). Under a trace each of
those is a tracer.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.catalog.transforms import CONTROL_FLOW
from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import returned_values

# How many names or helper calls an array expression is followed through (a bound on
# mutual recursion, and on the cost of a long chain of one-use names).
_DEPTH = 6


def returns_array(ctx: KindScope, unit: Unit) -> bool:
    """Whether every ``return`` of a function gives an array expression
    (``return jnp.mean((x @ w - y) ** 2)``), so that calling it on tracers gives a tracer."""
    return _returns_array(ctx, unit, _DEPTH)


def _returns_array(ctx: KindScope, unit: Unit, depth: int) -> bool:
    # memoised only when asked from the top: a helper met deeper is followed less far
    cache = ctx.facts.returns_array
    found = cache.get(id(unit)) if depth == _DEPTH else None
    if found is None:
        values = returned_values(unit.node)
        found = bool(values) and all(
            _array_expression(ctx, value, unit, depth) for value in values)
        if depth == _DEPTH:
            cache[id(unit)] = found
    return found


def returns_arrays(ctx: KindScope, unit: Unit) -> bool:
    """Whether every ``return`` gives a dict, tuple or list display of array expressions
    (``return {"loss": jnp.mean(e ** 2)}``): on tracers, a container of them."""
    values = returned_values(unit.node)
    return bool(values) and all(
        isinstance(value, (cst.Dict, cst.Tuple, cst.List)) and value.elements and all(
            type(e) in (cst.DictElement, cst.Element)
            and _array_expression(ctx, e.value, unit, _DEPTH) for e in value.elements)
        for value in values)


def returns_array_entry(ctx: KindScope, unit: Unit, key: str) -> bool:
    """Whether every ``return`` gives a dict display whose entry ``key`` is an array
    expression (``return {"summed": summed_loss, "n": n}`` with ``summed_loss =
    losses.sum()``): the other entries may be Python values (``n = len(losses)``)."""
    values = returned_values(unit.node)
    return bool(values) and all(
        type(value) is cst.Dict and any(
            type(e) is cst.DictElement and type(e.key) is cst.SimpleString
            and e.key.evaluated_value == key and _array_expression(ctx, e.value, unit, _DEPTH)
            for e in value.elements)
        for value in values)


def _array_expression(ctx: KindScope, node: cst.BaseExpression, unit: Unit, depth: int) -> bool:
    if type(node) is cst.Call:
        return _array_call(ctx, node, unit, depth)
    if type(node) is cst.BinaryOperation:
        return _array_expression(ctx, node.left, unit, depth) \
            or _array_expression(ctx, node.right, unit, depth)
    if type(node) is cst.UnaryOperation and not type(node.operator) is cst.Not:
        return _array_expression(ctx, node.expression, unit, depth)
    if type(node) is cst.Name and depth > 0:
        return _array_name(ctx, node.value, unit, depth - 1)
    return False


def _array_call(ctx: KindScope, node: cst.Call, unit: Unit, depth: int) -> bool:
    qual = ctx.resolver.qualname(node.func, unit)
    if qual is not None and qual.startswith(A.ARRAY_NAMESPACES):
        return qual not in A.STATIC_CALLS and qual not in CONTROL_FLOW
    if depth <= 0:
        return False
    func = node.func
    if type(func) is cst.Attribute and func.attr.value in A.ARRAY_METHODS \
            and type(func.value) is cst.Name and func.value.value not in ("self", "cls"):
        # `losses.sum()` on a local array (`self.sum()` would be the class's own method)
        return _array_expression(ctx, func.value, unit, depth)
    callee = ctx.resolver.function(func, unit)
    return callee is not None and _returns_array(ctx, callee, depth - 1)


def _array_name(ctx: KindScope, name: str, unit: Unit, depth: int) -> bool:
    """Every binding of a local ``name`` is an array expression; ``losses *= mask`` keeps
    one (arithmetic on an array). Parameters, loop targets and unpacked names are not."""
    bindings = ctx.facts.unit_bindings(unit).get(name)
    if not bindings:
        return False
    values = [value for value in bindings if value is not None]
    if len(bindings) - len(values) != ctx.facts.augmented_names(unit).get(name, 0) or not values:
        return False
    return all(_array_expression(ctx, value, unit, depth) for value in values)
