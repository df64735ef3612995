"""Where a project shows that it runs its nnx models traced: a merged model called under a
visible transform.

An nnx module's ``__call__`` is not traced by contract the way a linen module's is: an nnx
model is an ordinary object, often called eagerly (flax's own examples do). What tells that
a project traces its nnx models is its functional API: ``nnx.split(model)`` yields a graph
definition and a state that can cross ``jax.jit``; the jitted function rebuilds the model
with ``nnx.merge(graphdef, state)`` and calls it. Such a call is a run of some nnx model of
the project under the transform; which class it is, the graph definition decides at run
time. summary.nnx_run_seeds tells the modules this one imports (directly or through
others), where the merged model's classes are defined, and module/contracts.py then traces
the ``__call__`` of their nnx modules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.classes import model_classes

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import ModuleIndex, Unit
    from jaxpure.analysis.module.resolve import Resolver
    from jaxpure.analysis.module.traced import TracedAnalysis

NNX_MERGE = frozenset({"flax.nnx.merge", "flax.nnx.graph.merge"})


def merged_model_runs(index: ModuleIndex, resolver: Resolver,
                      traced: TracedAnalysis) -> list[tuple[Unit, str]]:
    """(function, transform) for each function traced by a visible transform (or by a
    caller in another module) that calls a model it rebuilt with ``nnx.merge``."""
    found = []
    for unit in index.units:
        info = traced.info.get(id(unit))
        if info is None or info.via is None:
            continue
        if info.contract is not None and not info.transformed and info.external_origin is None:
            continue  # traced only by contract: shows nothing of how the project runs
        if any(_calls_merged(index, resolver, call, unit) for call in unit.calls):
            found.append((unit, info.via))
    return found


def _calls_merged(index: ModuleIndex, resolver: Resolver, call: cst.Call, unit: Unit) -> bool:
    """``nnx.merge(graphdef, state)(x)``, or ``model(x)`` / ``model.decode(x)`` where
    ``model = nnx.merge(...)`` is bound once in the function."""
    func = call.func
    if type(func) is cst.Attribute:
        func = func.value
    if type(func) is cst.Name:
        bound = single_value(index, unit, func.value)
        if bound is None or bound[1] is not unit:
            return False
        func = bound[0]
    return type(func) is cst.Call and resolver.qualname(func.func, unit) in NNX_MERGE


def local_nnx_run(index: ModuleIndex, resolver: Resolver, traced: TracedAnalysis) -> str | None:
    """Where this module runs a merged model traced, said for its own nnx modules when no
    summary of the project told it (a file checked alone)."""
    if "nnx" not in model_classes(index, resolver).values():
        return None
    runs = merged_model_runs(index, resolver, traced)
    if not runs:
        return None
    unit, via = runs[0]
    return f"`{unit.name}` in this module, under `{via.replace('flax.nnx.', 'nnx.')}`"
