"""What a traced function is to the walk: the order functions are walked in (enclosing
before nested, traced callers before callees) and what kind of transform body one is."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.traced import Origin, TraceInfo, TracedAnalysis
from jaxpure.analysis.module.unpassed_defaults import holder_name


def unit_order(index: ModuleIndex, traced: TracedAnalysis) -> list[Unit]:
    """Enclosing functions before nested ones, traced callers before their callees."""
    callers: dict[int, list[Unit]] = {}
    inside = _nested_units(index)
    for caller, callee, _call in traced.edges:
        info = traced.info.get(id(caller))
        if info is not None and info.traced:
            callers.setdefault(id(callee), []).append(caller)
    for origin in traced.origins:
        # `jax.vmap(f, in_axes=(0, None))(x, n)` in a traced function: its arguments first
        if origin.container is not None and origin.container is not origin.target:
            callers.setdefault(id(origin.target), []).append(origin.container)
            callers[id(origin.target)].extend(
                held_callers(index, origin, inside.get(id(origin.container), [])))
    order: list[Unit] = []
    state: dict[int, int] = {}  # 1: in progress, 2: done

    def visit(unit: Unit) -> None:
        if state.get(id(unit)):
            return
        state[id(unit)] = 1
        if unit.parent is not None:
            visit(unit.parent)
        for caller in callers.get(id(unit), ()):
            visit(caller)
        state[id(unit)] = 2
        order.append(unit)

    for unit in index.units:
        visit(unit)
    return order


def held_callers(index: ModuleIndex, origin: Origin, nested: list[Unit]) -> list[Unit]:
    """The functions ``nested`` in ``origin``'s container that call the local holding the
    transformed function (``grad_fn = jax.value_and_grad(loss)``, called in a scan body
    defined beside it): they pass its arguments, so they are walked before it."""
    container = origin.container
    if not nested or container is None or type(container.node) is not cst.FunctionDef:
        return []
    name = holder_name(index, origin.node)
    if name is None:
        return []
    return [u for u in nested if not u.binds(name) and any(
        type(call.func) is cst.Name and call.func.value == name for call in u.calls)]


def _nested_units(index: ModuleIndex) -> dict[int, list[Unit]]:
    """Each function's nested functions, at any depth."""
    found: dict[int, list[Unit]] = {}
    for unit in index.units:
        parent = unit.parent
        while parent is not None:
            found.setdefault(id(parent), []).append(unit)
            parent = parent.parent
    return found


def is_fori_body(info: TraceInfo) -> bool:
    return any(t.name.endswith("fori_loop") for t, _node, _unit in info.origins)


def tree_map_name(info: TraceInfo) -> str | None:
    """``jax.tree.map`` when the function is the one a tree map applies to every leaf."""
    for t, _node, _unit in info.origins:
        if t.inherit and not t.name.endswith("reduce"):
            return t.name
    return None


def loop_name(info: TraceInfo | None) -> str:
    if info is not None:
        for t, _node, _unit in info.origins:
            if t.loop:
                return t.name
    return "loop"
