"""Parameters of jitted functions that some call passes a Python scalar.

jit traces a Python scalar it is passed (`conv(x, w, 1, True)`) unless the parameter is
static, so such a parameter is a tracer inside even though its default looks static; the
traced analysis asks this after it has collected its origins (module/traced.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol

import libcst as cst

if TYPE_CHECKING:
    from jaxpure.analysis.catalog.transforms import Transform
    from jaxpure.analysis.module.index import ModuleIndex, Unit
    from jaxpure.analysis.module.resolve import Resolver


class _Origin(Protocol):
    """What this needs of a traced analysis's origin (module/traced.py ``Origin``)."""

    @property
    def transform(self) -> Transform: ...
    @property
    def target(self) -> Unit: ...
    @property
    def node(self) -> cst.CSTNode: ...


class _Info(Protocol):
    passed_scalars: set[str]


def scalar_literal(node: cst.BaseExpression | None) -> bool:
    """``True``, ``False``, ``3``, ``-1.5``: a Python scalar that jit would trace if passed."""
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        node = node.expression
    if type(node) is cst.Name:
        return node.value in ("True", "False")
    return isinstance(node, (cst.Integer, cst.Float))


def find_passed_scalars(origins: Iterable[_Origin], index: ModuleIndex, resolver: Resolver,
                        info_for: Callable[[Unit], _Info]) -> None:
    """Parameters of decorated jitted functions that some call passes a Python scalar:
    a scalar-default parameter passed anything, or any parameter passed a literal
    (``conv(x, w, 1, True)``).

    Only calls by the function's own name (or of ``jax.jit(f)`` on the spot) count, with
    no ``*args``/``**kwargs`` (which could pass anything); ``grad`` and ``vmap`` are left out (grad passes the other
    arguments through untraced), and filtered transforms keep Python scalars static.
    """
    plain = [origin for origin in origins
             if origin.transform.caching and origin.transform.kind == "wrap"
             and not origin.transform.filtered and not origin.target.parent_is_class
             and type(origin.target.node) is cst.FunctionDef]
    jitted = {
        id(origin.target): origin.target for origin in plain
        if isinstance(origin.target.node, cst.FunctionDef)
        and any(d.decorator is origin.node for d in origin.target.node.decorators)
    }
    # `attention_jit = jax.jit(attention, static_argnames=...)`: calls by that name
    wrapper_of = {
        id(origin.node): origin.target for origin in plain if type(origin.node) is cst.Call
    }
    wrappers = {
        name: wrapper_of[id(bindings[0].value)]
        for name, bindings in index.bindings.items()
        if len(bindings) == 1 and id(bindings[0].value) in wrapper_of
    }
    # `jax.jit(f)(x, 5)`: applied on the spot (f itself, so arguments map one to one;
    # not `jax.jit(net.init)`, whose function gets what follows the rng)
    applied = {id(origin.node): origin.target for origin in plain
               if type(origin.node) is cst.Call and origin.node.args
               and type(origin.node.args[0].value) is cst.Name
               and origin.node.args[0].value.value == origin.target.name}
    if not jitted and not wrappers and not applied:
        return
    calls: list[tuple[Unit | None, cst.Call]] = [(None, call) for call in index.module_calls]
    calls += [(unit, call) for unit in index.units for call in unit.calls]
    target: Unit | None
    for unit, call in calls:
        if id(call.func) in applied:
            target = applied[id(call.func)]
            passed = target.arguments_of(call)
            if passed is not None:
                info_for(target).passed_scalars |= {
                    p.name for p in target.params if p.name in passed
                    and (scalar_literal(p.default) or scalar_literal(passed[p.name]))}
            continue
        if not type(call.func) is cst.Name:
            continue
        target = wrappers.get(call.func.value)
        if target is None:
            target = resolver.function(call.func, unit)
            if target is None or id(target) not in jitted:
                continue
        passed = target.arguments_of(call)
        if passed is None:
            continue
        # a passed Python scalar literal, or any value for a scalar-default parameter
        scalars = {p.name for p in target.params if p.name in passed
                   and (scalar_literal(p.default) or scalar_literal(passed[p.name]))}
        if scalars:
            info_for(target).passed_scalars |= scalars
