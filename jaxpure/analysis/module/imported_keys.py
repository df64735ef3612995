"""Keys handed to functions of other modules that draw nothing from them, by the facts
the module summaries carry (module/gate_index.py): a function drawing from its key only
under a flag the call passes ``False`` (module/flag_gates.py), and the closure a factory
returns that never draws from a key parameter.

Within one module the resolver follows ``init_fn = bias_linspace_init(0.0, 6.0)`` to the
``init_fn`` the factory defines, and :func:`keyparams.helper_consumes` reads its key
parameter unread. Across modules the defining module does that reading
(:func:`exported_closure_keys`) and its summary says, for the factory, which key
parameters of its closure are left undrawn; a call of the closure (through a name bound
once to the factory's result, or ``factory(...)(key, ...)``) then keeps those arguments.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from jaxpure.analysis.catalog.random import key_like_name
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.flag_gates import (
    instance_method_name, passed_argument, undrawn_by_imported_gate,
)
from jaxpure.analysis.module.gate_index import ClosureKey
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.keyparams import helper_consumes, key_annotation
from jaxpure.analysis.module.resolve import Resolver

__all__ = ["exported_closure_keys", "undrawn_by_imported"]

ClosureKeys = Mapping[str, tuple[tuple[str, int], ...]]


def exported_closure_keys(resolver: Resolver, index: ModuleIndex) -> tuple[ClosureKey, ...]:
    """For each module-level function (bound once) that always returns one function it
    defines, the key parameters (named or annotated as keys) of that closure it never
    draws from, judged as a helper of the module is (:func:`keyparams.helper_consumes`)."""
    found: list[ClosureKey] = []
    for unit in index.units:
        if unit.parent is not None or unit.parent_is_class or not unit.nested \
                or len(index.bindings.get(unit.name, ())) > 1:
            continue  # most functions define none; bound twice, which one is called is not known
        closure = resolver.returned_closure(unit.name)
        if closure is None:
            continue
        positional = [p.name for p in closure.params if p.index >= 0 and not p.star]
        for param in closure.params:
            if not param.star and (key_like_name(param.name) or key_annotation(param.annotation)) \
                    and not helper_consumes(resolver, index, closure, param.name):
                found.append((unit.name, param.name,
                              positional.index(param.name) if param.name in positional else -1))
    return tuple(found)


def undrawn_by_imported(gates: Mapping[str, tuple[str, int, str, int]], closures: ClosureKeys,
                        resolver: Resolver, index: ModuleIndex, call: cst.Call,
                        qual: str | None, unit: Unit | None) -> set[int]:
    """The arguments (ids) of ``call``, of a function of another module, that hold a key it
    draws nothing from: one gated by a flag passed ``False`` (``gates``), or one the
    closure an imported factory returned never draws from (``closures``: the factory as
    this module names it -> those key parameters, with their positions)."""
    kept = undrawn_by_imported_gate(gates, call, qual) if gates else set()
    if gates and not kept and type(call.func) is cst.Attribute:
        # `ds.loader(data, rng=rng, shuffle=False)` with `ds = Dataset(...)`, the class
        # another module's: its summary names the method `Dataset().loader`
        kept = undrawn_by_imported_gate(
            gates, call, instance_method_name(resolver, index, call.func, unit))
    if closures and not any(arg.star for arg in call.args):
        keys = closures.get(_factory(resolver, index, call.func, unit) or "", ())
        kept |= {id(value) for name, position in keys
                 for value in [passed_argument(call, name, position)] if value is not None}
    return kept


def _factory(resolver: Resolver, index: ModuleIndex, func: cst.BaseExpression,
             unit: Unit | None) -> str | None:
    """The qualified name of the factory whose result ``func`` is: ``factory(...)`` itself,
    or a name bound once to it (``init_fn = bias_linspace_init(start=0.0, end=6.0)``)."""
    scope = unit
    if type(func) is cst.Name:
        bound = single_value(index, unit, func.value)
        func, scope = bound if bound is not None else (func, unit)
    if type(func) is not cst.Call:
        return None
    return resolver.qualname(func.func, scope)
