"""Keys a function only hands to a function it is given: whether a call draws from the key
depends on the function the call gives it.

jaxdf's ``Continuous.from_function(domain, init_fun, get_field, seed)`` is ``params =
init_fun(seed, domain); return cls(params, ...)``: it draws nothing from ``seed`` itself.
Its helmholtz_pinn notebook builds a network field with an ``init_params`` that draws the
weights from ``seed``, then the source and the sound speed fields from the same ``seed`` with
an ``init_params(seed, domain)`` that returns ``{}``: those calls draw nothing. A call of such
a function consumes the key only if the function it passes for that parameter may draw from
what it is handed there (judged as :func:`keyparams.helper_consumes` judges a helper, the
function named resolved to the ``def`` in force at the call: module/resolve.py).

Within one module the caller reads the callee (:func:`handed_to_parameter`); across
modules each summary names, for its module-level functions and its class and static
methods, the parameters they only hand on so (:func:`exported_handed_keys`; a *handed key*,
module/gate_index.py), and the importer judges its calls of them the same way.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from jaxpure.analysis.module.flag_gates import passed_argument
from jaxpure.analysis.module.gate_index import HandedKey, ImportedHandoff
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import helper_consumes, leaves_key, parameter_reads
from jaxpure.analysis.module.resolve import Resolver

__all__ = ["exported_handed_keys", "handed_to_parameter", "undrawn_by_given_function",
           "undrawn_by_imported_handed"]

# (the function parameter the key goes to, where the key goes in its calls: a position
# among the positional arguments, or a keyword)
Handoff = tuple[str, int | str]



def handed_to_parameter(resolver: Resolver, index: ModuleIndex, unit: Unit,
                        key: str) -> Handoff | None:
    """The parameter of ``unit`` that ``unit`` only calls with its parameter ``key`` (at
    one place in the call), when it reads ``key`` nowhere else but to leave it undrawn
    (``key.shape``, ``del key``); None otherwise. Only a function that calls a parameter
    with another is looked at further (most are not: a glance at its indexed calls)."""
    params = _function_params(unit)
    if key not in _handed_names(unit, params):
        return None
    found: set[Handoff] = set()
    for chain in parameter_reads(unit, key) or ():
        arg, call = (chain[1], chain[2]) if len(chain) > 2 else (None, None)
        where = _place(call, arg) if type(call) is cst.Call and type(arg) is cst.Arg else None
        if where is not None and type(call) is cst.Call and type(call.func) is cst.Name \
                and call.func.value in params and call.func.value not in unit.assigned:
            found.add((call.func.value, where))
        elif not leaves_key(resolver, index, unit, chain, frozenset()):
            return None
    return found.pop() if len(found) == 1 else None


def _function_params(unit: Unit) -> frozenset[str]:
    """The parameters of ``unit`` that may hold a function it calls: all but a method's
    receiver (``cls(params, ...)`` makes an instance)."""
    if unit.parent_is_class and not unit.is_staticmethod and unit.params:
        return unit.param_names - {unit.params[0].name}
    return unit.param_names


def _handed_names(unit: Unit, params: frozenset[str]) -> set[str]:
    """The names ``unit``'s own calls of its parameters ``params`` (not rebound) are given."""
    return {arg.value.value for call in unit.calls
            if type(call.func) is cst.Name and call.func.value in params
            and call.func.value not in unit.assigned
            for arg in call.args if type(arg.value) is cst.Name}


def _place(call: cst.Call, passed: cst.Arg) -> int | str | None:
    """Where ``call`` passes the argument ``passed``: its keyword, or its position among
    the positional arguments (None for a spread, or after a ``*`` spread)."""
    position: int | None = 0
    for arg in call.args:
        if arg is passed:
            return None if arg.star else arg.keyword.value if arg.keyword is not None \
                else position
        if arg.star == "*":
            position = None
        elif arg.keyword is None and not arg.star and position is not None:
            position += 1
    return None


def undrawn_by_given_function(resolver: Resolver, index: ModuleIndex,
                              given: cst.BaseExpression | None, where: int | str,
                              unit: Unit | None) -> bool:
    """Whether the function ``given`` (a call's argument for the parameter a callee hands a
    key to, read in ``unit``) draws nothing from what it gets at ``where``: a function of
    this module (the ``def`` in force there) or a lambda that ignores or only inspects it.
    A method, or a function not known here, may draw."""
    if not isinstance(given, (cst.Name, cst.Attribute, cst.Lambda)):
        return False
    function = resolver.function(given, unit)
    if function is None or function.parent_is_class:
        return False
    if isinstance(where, str):
        param = function.param(where)
    else:
        positional = [p for p in function.params if p.index >= 0 and not p.star]
        param = positional[where] if where < len(positional) else None
    return param is not None and not param.star \
        and not helper_consumes(resolver, index, function, param.name)


def exported_handed_keys(resolver: Resolver, index: ModuleIndex) -> tuple[HandedKey, ...]:
    """For the module's functions another module may call by name (module-level ones, and
    class and static methods, as ``Class.method``; each bound once), the parameters they
    only hand to a function parameter (:func:`handed_to_parameter`), with positions."""
    found: list[HandedKey] = []
    for unit in index.units:
        if unit.parent is not None or type(unit.node) is not cst.FunctionDef \
                or not unit.calls or len(unit.params) < 2:
            continue
        name = _called_name(index, unit)
        if name is None:
            continue
        positional = [p.name for p in unit.params if p.index >= 0 and not p.star]
        if unit.parent_is_class and not unit.is_staticmethod:
            positional = positional[1:]  # `Continuous.from_function(...)` binds `cls`
        handed = _handed_names(unit, _function_params(unit))
        for param in unit.params:
            handoff = handed_to_parameter(resolver, index, unit, param.name) \
                if param.name in handed and not param.star else None
            if handoff is not None:
                function, where = handoff
                found.append((name, param.name, _position(positional, param.name), function,
                              _position(positional, function),
                              where if isinstance(where, str) else "",
                              where if isinstance(where, int) else -1))
    return tuple(found)


def _called_name(index: ModuleIndex, unit: Unit) -> str | None:
    """How another module calls ``unit`` by name: ``f``, or ``Class.method`` for a class or
    static method of a module-level class; None for an instance method or a name bound
    twice (which one a caller gets is not known)."""
    if not unit.parent_is_class:
        return unit.name if len(index.bindings.get(unit.name, ())) == 1 else None
    owner = unit.class_name
    node = unit.node
    assert type(node) is cst.FunctionDef
    if owner is None or owner not in index.class_nodes or len(index.bindings.get(owner, ())) > 1 \
            or index.classes.get(owner, {}).get(unit.name) is not unit or not any(
                type(d.decorator) is cst.Name
                and d.decorator.value in ("classmethod", "staticmethod")
                for d in node.decorators):
        return None
    return f"{owner}.{unit.name}"


def _position(positional: list[str], name: str) -> int:
    return positional.index(name) if name in positional else -1


def undrawn_by_imported_handed(handed: Mapping[str, tuple[ImportedHandoff, ...]],
                               resolver: Resolver, index: ModuleIndex, call: cst.Call,
                               qual: str | None, unit: Unit | None) -> set[int]:
    """The arguments (ids) of ``call``, of a function of another module that only hands
    them to a function parameter (``handed``: qualified name -> those handed keys), that
    hold a key the function the call gives for that parameter draws nothing from."""
    kept: set[int] = set()
    for key, key_at, function, function_at, keyword, position in handed.get(qual or "", ()):
        value = passed_argument(call, key, key_at)
        if value is not None and not any(arg.star for arg in call.args) \
                and undrawn_by_given_function(resolver, index,
                                              passed_argument(call, function, function_at),
                                              keyword or position, unit):
            kept.add(id(value))
    return kept
