"""The module-level functions of a module that return Python values when some of their
parameters are Python values, whatever the others hold: a fact the module summary carries
to the modules importing them (module/gate_index.py).

precondition's ``distributed_shampoo.merge_small_dims(shape_to_merge, max_dim)`` builds a
list of ints from the dimensions of ``shape_to_merge``; ``max_dim`` only decides which are
merged. tearfree's reshaper, another module, calls it with ``param.shape`` in the helper a
``jax.tree.map`` runs on every parameter, and puts the list in a plain dataclass: with this
fact the importer knows the list, and so the record, holds Python values
(flow/returned_kind.py's ``mapped_kind``).

A function's returns are read as the module's own helpers' are (flow/returned_kind.py),
every parameter a Python value; when they are all Python values, the parameters that count
are those the returned values read, directly or through the locals they read. Only the
functions traced code of another module calls are read (that call seeds them traced here;
no other is asked), once each at summary time, after the walk: first with every local a
Python value (a function returning an array stops there, its body not walked), then
following the locals the returns read.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.domain import KindScope
from jaxpure.analysis.flow.infer import infer_kind
from jaxpure.analysis.flow.returned_kind import read_parameters, returned_kind
from jaxpure.analysis.module.gate_index import StaticReturn
from jaxpure.analysis.module.index import Param, Unit
from jaxpure.analysis.syntax import descendants, returned_values

__all__ = ["static_returns"]


def static_returns(ctx: KindScope) -> tuple[StaticReturn, ...]:
    """(function, the parameters that count, their positions; -1 keyword-only) for each
    module-level function returning Python values when those parameters are."""
    found: list[StaticReturn] = []
    info = ctx.traced_analysis.info
    for name, unit in sorted(ctx.index.defs.items()):
        if id(unit) not in info or info[id(unit)].external_origin is None:
            continue  # only another module's traced call asks (summary.py seeds it traced)
        needed = _needed(ctx, name, unit)
        if needed is not None:
            found.append((name, tuple(p.name for p in needed), tuple(p.index for p in needed)))
    return tuple(found)


def _needed(ctx: KindScope, name: str, unit: Unit) -> list[Param] | None:
    node = unit.node
    if type(node) is not cst.FunctionDef or node.decorators or node.asynchronous is not None \
            or any(p.star for p in unit.params) or len(ctx.index.bindings.get(name) or ()) > 1 \
            or not returned_values(node):
        # a decorator (`jax.jit`) may return something else; a spread fills what it likes
        return None
    static = {p.name: L.STATIC for p in unit.params}
    call = cst.Call(func=node.name, args=())
    # first with every local a Python value, which reads no more than the returns: most
    # functions (`return jnp.dot(x, w)`) stop there
    if returned_kind(ctx, unit, call, infer_kind, static, hoped=True) != L.STATIC \
            or returned_kind(ctx, unit, call, infer_kind, static) != L.STATIC:
        return None
    if any(type(d) is cst.Yield for d in descendants(node.body)):
        return None  # a generator returns a generator
    read = read_parameters(ctx, unit)
    needed = [p for p in unit.params if p.name in read]
    if any(p.default is not None and infer_kind(ctx, p.default) != L.STATIC for p in needed):
        return None  # a call leaving it out gets a default that may be no Python value
    return needed
