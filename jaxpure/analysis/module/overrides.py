"""Which definitions of a method ``self.m(...)`` may run, for what it does with its keys.

The call runs whichever ``m`` the instance's class resolves: the one of the enclosing class
or an override in another class of the module (a subclass, or a mixin combined with it).
Each definition is an alternative; what the call does to a key is what one of them does
(keyparams.helper_consumes, flow/keys.py's keys handed back). A definition that only hands
its parameters on to ``super().m(...)`` (a mixin's jitted or pmapped ``training_step``) adds
no behaviour of its own: it runs another definition of ``m`` (the next in the MRO: a base of
this module's, or for a mixin with no bases the class it is mixed into), so it is no
alternative. A forwarder whose class has a base the module does not define may reach a
library's ``m``: it stays an alternative (and so, unread by the analysis, may draw).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.transforms import TRANSFORMS
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import returned_values, statements

__all__ = ["handed_back", "method_alternatives", "pure_forwarder", "same_parameter"]


def method_alternatives(resolver: Resolver, index: ModuleIndex, unit: Unit) -> list[Unit]:
    """The definitions of ``unit``'s method name in the module's classes that a call
    ``self.<name>(...)`` resolved to ``unit`` may run instead, ``unit`` first; pure
    forwarders left out. Just ``[unit]`` for a function, or a method defined once
    (memoised on the unit: every key handed to the method asks it)."""
    found: list[Unit] | None = unit.__dict__.get("_method_alternatives")
    if found is not None:
        return found
    found = [unit]
    if unit.parent_is_class and not unit.is_staticmethod:
        found += [method for methods in index.classes.values()
                  for method in [methods.get(unit.name)]
                  if method is not None and method is not unit
                  and not pure_forwarder(resolver, index, method)]
    unit.__dict__["_method_alternatives"] = found
    return found


def same_parameter(unit: Unit, param: str, other: Unit) -> str | None:
    """The parameter of ``other`` (another definition of the method) that receives what a
    call passes ``unit`` as ``param``: the one at the same position, or of the same name
    for a keyword-only one; None when there is none."""
    p = unit.param(param)
    if p is None or p.star:
        return None
    if p.index < 0:
        q = other.param(param)
        return param if q is not None and not q.star else None
    return next((q.name for q in other.params if q.index == p.index and not q.star), None)


def handed_back(unit: Unit, width: int) -> dict[int, str]:
    """Position -> parameter for each position of the ``width``-tuple every ``return`` of
    ``unit`` gives where it hands back one parameter, never rebound, as it came
    (``return state, rng``); empty when some return is not such a tuple."""
    if type(unit.node) is not cst.FunctionDef:
        return {}
    returned = returned_values(unit.node)
    tuples = [r for r in returned if type(r) is cst.Tuple and len(r.elements) == width]
    if not returned or len(tuples) != len(returned):
        return {}
    found: dict[int, str] = {}
    for index in range(width):
        names = {value.value if type(value) is cst.Name else None
                 for r in tuples for value in [r.elements[index].value]}
        name = names.pop() if len(names) == 1 else None
        if name is not None and name in unit.param_names and name not in unit.assigned:
            found[index] = name
    return found


def pure_forwarder(resolver: Resolver, index: ModuleIndex, unit: Unit) -> bool:
    """``def m(self, a, b): return super().m(a, b)`` (or ``super(Cls, self).m(...)``, under
    a transform decorator such as ``@partial(jax.jit, static_argnums=...)``): the method
    hands its own parameters, in their order, to the next ``m`` and returns what it gives,
    in a class with no bases or whose bases are classes of this module."""
    node = unit.node
    if type(node) is not cst.FunctionDef or unit.class_name is None \
            or not _project_bases(index, unit.class_name) \
            or not all(_transform(resolver, d.decorator, unit) for d in node.decorators):
        return False
    body = [s for line in statements(node.body) for s in (
        line.body if type(line) is cst.SimpleStatementLine else (line,))]
    if body and type(body[0]) is cst.Expr and type(body[0].value) is cst.SimpleString:
        body = body[1:]  # a docstring
    if len(body) != 1 or type(body[0]) is not cst.Return:
        return False
    call = body[0].value
    if type(call) is not cst.Call or type(call.func) is not cst.Attribute \
            or call.func.attr.value != unit.name or not _super_call(call.func.value):
        return False
    return _forwards_parameters(unit, call)


def _super_call(value: cst.BaseExpression) -> bool:
    """``super()`` or ``super(Cls, self)``."""
    return type(value) is cst.Call and type(value.func) is cst.Name \
        and value.func.value == "super" and len(value.args) in (0, 2)


def _forwards_parameters(unit: Unit, call: cst.Call) -> bool:
    """Each argument of ``call`` is a parameter of ``unit`` (after ``self``) passed as
    itself: positionally in its own place, by its own keyword, or spread as it came."""
    positional = [p for p in unit.params if p.index >= 0 and not p.star][1:]
    stars = {p.name: p.star for p in unit.params if p.star}
    position = 0
    for arg in call.args:
        if type(arg.value) is not cst.Name:
            return False
        name = arg.value.value
        if arg.star:
            if stars.get(name) != arg.star:
                return False
        elif arg.keyword is not None:
            if arg.keyword.value != name or unit.param(name) is None:
                return False
        elif position >= len(positional) or positional[position].name != name:
            return False
        else:
            position += 1
    return True


def _project_bases(index: ModuleIndex, class_name: str) -> bool:
    """The class has no bases (a mixin) or only bases defined in this module."""
    node = index.class_nodes.get(class_name)
    return node is not None and all(
        type(b.value) is cst.Name and (b.value.value == "object" or b.value.value in index.class_nodes)
        for b in node.bases)


def _transform(resolver: Resolver, decorator: cst.BaseExpression, unit: Unit) -> bool:
    """``@jax.jit``, ``@partial(jax.pmap, axis_name=...)``: a transform that calls the
    method with the arguments it is given."""
    if type(decorator) is cst.Call:
        if resolver.qualname(decorator.func, unit.parent) == "functools.partial" \
                and decorator.args and decorator.args[0].keyword is None:
            decorator = decorator.args[0].value
        else:
            decorator = decorator.func
    return (resolver.qualname(decorator, unit.parent) or "") in TRANSFORMS
