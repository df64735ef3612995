"""Key parameters another module's functions never draw from, carried in the summaries.

Within one module a key handed to a function of the module is judged by reading the
function (:func:`keyparams.helper_consumes`): one that only folds something into its key
(``prng_key = fold_in(prng_key, states.step)``), only inspects it or only keeps it for its
shape (module/stored_keys.py) uses up nothing. Across modules the defining module does
that reading: its summary names, for its module-level functions, the methods an instance
of its classes runs (``Class().method``) and those of the instance a function declared to
return one of them gives (``create_partitioner().method``, ``-> Partitioner``), each key
parameter (named or annotated as one) never drawn from, with its position (an *undrawn
key*). An importing module then keeps the keys its calls pass there: paxml's train loops
hand one key to ``trainer_lib.train_step_single_learner`` every step, which folds the step
count in, and its runners hand their key to ``partitioner.setup``, which keeps it for
lowering only.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.random import key_like_name
from jaxpure.analysis.module.flag_gates import instance_method_name, instance_methods
from jaxpure.analysis.module.gate_index import UndrawnKey
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.imported_undrawn import imported_undrawn, passed_key
from jaxpure.analysis.module.keyparams import KeyParams, helper_consumes, key_annotation
from jaxpure.analysis.module.resolve import Resolver

__all__ = ["exported_undrawn_keys", "undrawn_by_imported_keys"]


def exported_undrawn_keys(resolver: Resolver, index: ModuleIndex,
                          key_params: KeyParams) -> tuple[UndrawnKey, ...]:
    """The undrawn keys of the module's functions and methods another module may call by
    name or on an instance; a function or class bound twice is left out (which one a
    caller gets is not known). Only parameters named or annotated as keys are read."""
    found: list[UndrawnKey] = []
    memo: dict[int, list[tuple[str, int]]] = {}  # a base's method, run by each subclass
    for unit in index.units:
        if unit.parent is None and not unit.parent_is_class \
                and type(unit.node) is cst.FunctionDef \
                and len(index.bindings.get(unit.name, ())) == 1:
            found += [(unit.name, *key) for key in _undrawn(resolver, index, key_params, unit)]
    for name in index.class_nodes:
        if len(index.bindings.get(name, ())) != 1:
            continue
        makers = [name + "()"] + [f"{f}()" for f in _factories(index, name)]
        for method, unit in instance_methods(index, resolver, name).items():
            if method.startswith("__"):
                continue
            if id(unit) not in memo:
                memo[id(unit)] = _undrawn(resolver, index, key_params, unit)
            for key in memo[id(unit)]:
                found += [(f"{maker}.{method}", *key) for maker in makers]
    return tuple(found)


def _factories(index: ModuleIndex, cls: str) -> list[str]:
    """The module-level functions (bound once) declared to return an instance of ``cls``."""
    return [name for name, unit in index.defs.items()
            if type(unit.node) is cst.FunctionDef and unit.node.returns is not None
            and type(unit.node.returns.annotation) is cst.Name
            and unit.node.returns.annotation.value == cls
            and len(index.bindings.get(name, ())) == 1]


def _undrawn(resolver: Resolver, index: ModuleIndex, key_params: KeyParams,
             unit: Unit) -> list[tuple[str, int]]:
    """(parameter, position among the positional parameters after ``self`` for a method;
    -1 keyword-only) for each key parameter ``unit`` never draws from. A parameter handed
    to ``jax.random`` in the function itself and never rebound is drawn: the function's
    body is not read (``key = fold_in(key, step)`` first makes a new key of the name)."""
    params = [p for p in unit.params if not p.star
              and (key_like_name(p.name) or key_annotation(p.annotation))]
    if not params:
        return []
    positional = [p.name for p in unit.params if p.index >= 0 and not p.star]
    if unit.parent_is_class and not unit.is_staticmethod:
        positional = positional[1:]
    direct = key_params.direct_random_names(unit)
    return [(p.name, positional.index(p.name) if p.name in positional else -1)
            for p in params if (p.name not in direct or unit.assigned.get(p.name))
            and not helper_consumes(resolver, index, unit, p.name)]


def undrawn_by_imported_keys(resolver: Resolver, index: ModuleIndex, call: cst.Call,
                             qual: str | None, unit: Unit | None) -> set[int]:
    """The arguments (ids) of ``call`` that another module's function (or the method of
    an instance of its class) never draws from (:func:`keyparams.imported_undrawn`)."""
    if not resolver.memo.get("imported_undrawn_keys"):
        return set()
    keys = imported_undrawn(resolver, qual)
    if not keys and type(call.func) is cst.Attribute:
        keys = imported_undrawn(resolver, instance_method_name(resolver, index, call.func, unit))
    if not keys:
        return set()
    return {id(value) for name, position in keys
            for value in [passed_key(call, name, position)] if value is not None}
