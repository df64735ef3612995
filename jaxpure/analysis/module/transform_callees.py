"""The function of this module a call runs through a transform or a stored attribute:
``grad_fn(x)`` for ``grad_fn = jax.value_and_grad(loss)`` bound once, ``jax.vmap(f)(keys)``
transformed and called at once, and ``self._step(...)`` when every store to ``_step`` in
the module's classes holds one function of the module. Key analyses ask it to see which
function gets a key as it is passed."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.transforms import ARGUMENT_PRESERVING_TRANSFORMS, TRANSFORMS
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.hierarchy import subclasses
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import returned_values


def transformed_function(resolver: Resolver, index: ModuleIndex, func: cst.BaseExpression,
                         unit: Unit | None) -> Unit | None:
    """The function of this module that ``grad_fn`` transforms, for ``grad_fn`` bound once
    to ``eqx.filter_value_and_grad(loss)``, ``jax.jit(step)``...: the transformed function
    gets the arguments as they are passed (keys included)."""
    bound = single_value(index, unit, func.value) if type(func) is cst.Name else None
    if bound is None:
        return None
    value, scope = bound
    if type(value) is not cst.Call or not value.args or value.args[0].keyword \
            or (resolver.qualname(value.func, scope) or "") not in TRANSFORMS:
        return None
    return resolver.function(value.args[0].value, scope)


def applied_transform(resolver: Resolver, func: cst.BaseExpression,
                      unit: Unit | None) -> Unit | None:
    """``f`` in ``jax.vmap(f)(keys)``, ``jax.jit(f)(key)``: a function of this module (not a
    method: its arguments would start after ``self``) transformed and called at once with
    the call's arguments, as they are passed (``vmap`` hands it slices of each)."""
    if type(func) is not cst.Call or not func.args or func.args[0].keyword \
            or resolver.qualname(func.func, unit) not in ARGUMENT_PRESERVING_TRANSFORMS:
        return None
    target = resolver.function(func.args[0].value, unit)
    return None if target is None or target.parent_is_class else target


def held_function(resolver: Resolver, index: ModuleIndex, func: cst.BaseExpression,
                  unit: Unit | None) -> Unit | None:
    """The function ``self._step(...)`` runs, in a method, when every store to that
    attribute in the module's classes holds one function of the module: the one a method
    returns (``self._step = self._make_step()``, a factory of a jitted closure), a method
    itself (``self._step = self._update``), either under a transform (``jax.jit(...)``)."""
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name \
            or unit is None or unit.class_name is None or unit.is_staticmethod:
        return None
    first = next((p for p in unit.params if p.index == 0), None)
    if first is None or func.value.value != first.name:
        return None
    # stores by the class, its bases and its subclasses in the module: what its instances hold
    related = {unit.class_name, *subclasses(index, unit.class_name)}
    related |= {name for name in index.class_nodes if unit.class_name in subclasses(index, name)}
    stores = [(owner, value) for (owner, attr), values in index.self_stores.items()
              if attr == func.attr.value and owner in related for value in values]
    held = {id(found): found for found in
            (_stored_function(resolver, index, owner, value) for owner, value in stores)}
    if not stores or len(held) != 1 or None in held.values():
        return None
    return next(iter(held.values()))


def _stored_function(resolver: Resolver, index: ModuleIndex, owner: str,
                     value: cst.BaseExpression | None) -> Unit | None:
    """The function of the module ``value`` is, stored on ``self`` by a method of ``owner``."""
    if type(value) is cst.Call and value.args and value.args[0].keyword is None \
            and (resolver.qualname(value.func, None) or "") in TRANSFORMS:
        value = value.args[0].value  # `jax.jit(self._make_step())`
    produced = type(value) is cst.Call
    if produced:
        value = value.func  # type: ignore[union-attr]
    if type(value) is not cst.Attribute or type(value.value) is not cst.Name \
            or value.value.value != "self":
        return None
    method = index.classes.get(owner, {}).get(value.attr.value)
    if any(value.attr.value in index.classes.get(sub, {}) for sub in subclasses(index, owner)):
        return None  # overridden: which one runs depends on the instance
    if method is None or not produced:
        return method
    if type(method.node) is not cst.FunctionDef:
        return None
    returned = returned_values(method.node)
    names = {v.value for v in returned if type(v) is cst.Name}
    if not returned or len(names) != 1 or len(returned) != sum(type(v) is cst.Name for v in returned):
        return None
    return method.nested.get(names.pop())
