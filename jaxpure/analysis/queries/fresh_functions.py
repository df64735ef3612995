"""Whether an expression makes a new function object each time it runs (JXP603).

``jax.jit`` caches compiled code on the identity of the function it wraps, so what matters
is whether the wrapped expression is the same object on the next iteration or call: a
lambda, a nested ``def``, a ``functools.partial(...)``, a transform's result
(``jax.vmap(f)``), what a factory that defines a function returns, a bound method; or a
name bound once, where the code runs again, to one of those (``update_fn =
functools.partial(update, ...)`` then ``jax.jit(update_fn)``). A module-level function, or
one defined once before the loop, is one object: the cache hits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.queries.values import memoiser
from jaxpure.analysis.syntax import contains, returned_values

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

__all__ = ["made_by", "new_function_object"]

PARTIAL = "functools.partial"
# what `new_function_object` answers: the kind of new object, and the expression that makes
# it where a message would name it (the transform, the factory)
NewFunction = tuple[str, cst.BaseExpression | None]


def new_function_object(ctx: Context, wrapped: cst.CSTNode,
                        region: cst.CSTNode | None) -> NewFunction | None:
    """Why ``wrapped`` is a new function object every time the code runs, or None.
    ``region``: the loop body the code repeats in (None: the whole function, called again
    and again). Kinds: "lambda", "function" (a nested def), "partial", "wrap" (a
    transform's result), "factory", "bound method", "nested function" (a name)."""
    if type(wrapped) is cst.Lambda:
        return "lambda", None
    if type(wrapped) is cst.FunctionDef:
        return "function", None
    if type(wrapped) is cst.Call:
        return _new_from_call(ctx, wrapped)
    if type(wrapped) is cst.Attribute:
        return ("bound method", None) if _new_bound_method(ctx, wrapped) else None
    if type(wrapped) is cst.Name:
        callee = ctx.resolver.function(wrapped, ctx.unit)
        if callee is None:
            made = made_by(ctx, wrapped, region)
            return new_function_object(ctx, made, region) if made is not wrapped else None
        if callee.parent is None or callee.parent is not ctx.unit:
            return None  # module-level (a cache hit) or unknown
        if region is not None and not contains(region, callee.node):
            return None  # defined once, outside the loop
        return "nested function", None
    return None


def _new_from_call(ctx: Context, wrapped: cst.Call) -> NewFunction | None:
    if ctx.qualname(wrapped.func) == PARTIAL:
        return "partial", None
    found = ctx.traced_analysis.transform(wrapped.func, ctx.unit) \
        if not type(wrapped.func) is cst.Call else None
    if found is not None and found[0].kind == "wrap":
        return "wrap", wrapped.func
    factory = ctx.resolver.function(wrapped.func, ctx.unit)
    if factory is not None and returns_new_function(ctx, factory):
        return "factory", wrapped.func
    return None


def _new_bound_method(ctx: Context, wrapped: cst.Attribute) -> bool:
    if not type(wrapped.value) is cst.Name:
        return False
    if wrapped.value.value in ("self", "cls"):
        return ctx.resolver.function(wrapped, ctx.unit) is not None
    # `probe.accuracy`: an instance of a class of this module (not a module's function, which
    # is one object); each attribute access makes a new method
    return wrapped.value.value not in ctx.index.import_names \
        and wrapped.attr.value in _method_names(ctx)


def made_by(ctx: Context, wrapped: cst.CSTNode, region: cst.CSTNode | None) -> cst.CSTNode:
    """The expression that made what ``wrapped`` names: for a name bound once in this
    function (inside the loop, when in one) to a lambda or a call (``update_fn =
    functools.partial(update, ...)`` then ``jax.jit(update_fn)``, init2winit's trainer
    building its step once per training step), that value; ``wrapped`` itself otherwise."""
    if type(wrapped) is not cst.Name:
        return wrapped
    found = single_value(ctx.index, ctx.unit, wrapped.value)
    if found is None or found[1] is not ctx.unit or not isinstance(found[0], (cst.Lambda, cst.Call)):
        return wrapped
    if region is not None and not contains(region, found[0]):
        return wrapped  # made once, before the loop
    return found[0]


def _method_names(ctx: Context) -> frozenset[str]:
    """Names of the methods (not static) of the classes this module defines (memoised on
    the module's index, as module/hierarchy.py's subclasses are)."""
    found: frozenset[str] | None = ctx.index.__dict__.get("_method_names")
    if found is None:
        found = ctx.index.__dict__["_method_names"] = frozenset(
            u.name for u in ctx.index.units
            if u.parent_is_class and not u.is_staticmethod and not u.name.startswith("__"))
    return found


def returns_new_function(ctx: Context, factory: Unit) -> bool:
    """A factory that builds a function on every call (``def make_loss(l2): def loss...;
    return loss``), unless it is memoised (``@functools.lru_cache``)."""
    node = factory.node
    if not type(node) is cst.FunctionDef or memoiser(ctx, factory) is not None:
        return False
    returned = returned_values(node)
    return bool(returned) and all(
        type(value) is cst.Lambda
        or type(value) is cst.Name and value.value in factory.nested
        for value in returned
    )
