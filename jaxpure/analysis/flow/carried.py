"""What a lax loop body's carry holds, as its initial value shows, and what the body hands
back to the next iteration.

``fori_loop(0, n, body, State(x, rng))``: the body's carry parameter holds a ``State``
whose field ``rng`` is the key ``rng``, read as ``state.rng`` or unpacked (``x, rng =
state``). A body that draws from it and returns it unchanged (``state._replace(x=...)``,
``State(x, state.rng)``, ``state`` itself) draws the same numbers on every iteration
(flow/key_loops.py). The record classes are the module's (module/records.py).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.catalog.pytrees import RECORD_REPLACERS
from jaxpure.analysis.catalog.transforms import CARRY_LOOPS
from jaxpure.analysis.flow.domain import CarriedKeys, Frame, KindScope
from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.traced import TraceInfo
from jaxpure.analysis.syntax import call_arg, contains, int_literals, key_path, path_root, statements

_MAX_DEPTH = 4  # names bound to names bound to records...


def initial_value(ctx: KindScope, unit: Unit, info: TraceInfo, name: str,
                  ) -> tuple[cst.BaseExpression | None, Unit | None] | None:
    """The initial value of the loop body parameter ``name`` (the carry; for a scan also
    its ``xs``), followed through a name bound once, with the scope it is read in; None
    unless ``unit`` is the body of exactly one lax loop call and never rebinds ``name``."""
    param = unit.param(name)
    loops = [(t, node, container) for t, node, container in info.origins
             if t.name in CARRY_LOOPS and type(node) is cst.Call]
    if param is None or param.index < 0 or len(loops) != 1 or name in unit.assigned:
        return None
    t, call, container = loops[0]
    _body, _keyword, init_at, init_keyword, carry_at = CARRY_LOOPS[t.name]
    if param.index == carry_at:
        initial = call_arg(call, init_at, init_keyword)
    elif t.name == "jax.lax.scan" and param.index == carry_at + 1:
        initial = call_arg(call, 2, "xs")  # the slices of xs, element by element
    else:
        return None
    if type(initial) is cst.Name:
        found = single_value(ctx.index, container, initial.value)  # `init = (zeros(n), 0)`
        return found if found is not None else (None, container)
    return initial, container


def carried_keys(ctx: KindScope, unit: Unit, info: TraceInfo) -> CarriedKeys | None:
    """The elements and fields of the body's carry that start as keys: a key-named name
    or a new key (``PRNGKey(0)``, ``split(k)[0]``) put in a tuple or a record of the module
    (``State(x, rng)``, ``State(x=x, rng=rng)``)."""
    carry_at = next((CARRY_LOOPS[t.name][4] for t, node, _ in info.origins
                     if t.name in CARRY_LOOPS and type(node) is cst.Call), None)
    param = next((p.name for p in unit.params if p.index == carry_at), None)
    found = initial_value(ctx, unit, info, param) if param is not None else None
    if found is None or param is None:
        return None
    initial, scope = found
    if initial is None:
        initial = _value_before(info, scope)
    if isinstance(initial, (cst.Tuple, cst.List)):
        parts: list[tuple[str | None, cst.BaseExpression]] = \
            [(None, e.value) for e in initial.elements if type(e) is cst.Element]
        fields: tuple[str, ...] | None = None
        if len(parts) != len(initial.elements):
            return None
    elif type(initial) is cst.Call:
        fields = ctx.facts.records.fields(initial.func, scope)
        if fields is None or any(arg.star for arg in initial.args):
            return None
        parts = [(arg.keyword.value if arg.keyword is not None else
                  fields[i] if i < len(fields) else None, arg.value)
                 for i, arg in enumerate(initial.args)]
    else:
        return None
    keyed = [(i, field) for i, (field, value) in enumerate(parts) if _starts_as_key(ctx, value, scope)]
    if not keyed:
        return None
    if fields is None:
        return CarriedKeys(param, len(parts), frozenset(i for i, _ in keyed), frozenset())
    named = frozenset(field for _, field in keyed if field is not None)
    return CarriedKeys(param, len(fields), frozenset(fields.index(f) for f in named if f in fields), named)


def _value_before(info: TraceInfo, scope: Unit | None) -> cst.BaseExpression | None:
    """``state = State(x, rng)``, then ``state = fori_loop(0, n, body, state)``: the value
    the loop's initial carry name holds, when every binding of it in the function that
    runs the loop is a plain statement of its body (the last one before the loop's)."""
    loop = next((node for t, node, _ in info.origins if t.name in CARRY_LOOPS), None)
    spec = CARRY_LOOPS.get(next(t.name for t, _, _ in info.origins if t.name in CARRY_LOOPS))
    initial = call_arg(loop, spec[2], spec[3]) if type(loop) is cst.Call and spec else None
    if type(initial) is not cst.Name or scope is None or type(scope.node) is not cst.FunctionDef \
            or initial.value in scope.param_names:
        return None
    name, value, seen, before = initial.value, None, 0, True
    for line in statements(scope.node.body):
        if before and contains(line, loop):  # type: ignore[arg-type]
            before = False
        for small in line.body if type(line) is cst.SimpleStatementLine else ():
            if type(small) is cst.Assign and len(small.targets) == 1 \
                    and type(small.targets[0].target) is cst.Name and small.targets[0].target.value == name:
                seen += 1
                value = small.value if before else value
    return value if seen and seen == scope.assigned.get(name) else None


def _starts_as_key(ctx: KindScope, value: cst.BaseExpression, scope: Unit | None) -> bool:
    """``rng``, ``split(key)[0]``, ``PRNGKey(0)``; a ``key`` (a dict's key too, by its
    name) only when the function running the loop draws from it or made it a key."""
    if type(value) is cst.Subscript:
        value = value.value  # `split(key)[0]`, `keys[0]`
    if type(value) is cst.Call:
        return ctx.resolver.qualname(value.func, scope) in R.KEY_PRODUCERS
    if type(value) is not cst.Name or not R.key_like_name(value.value):
        return False
    if R.unambiguous_key_name(value.value):
        return True
    if scope is None:
        return False
    params = ctx.facts.key_params
    bound = single_value(ctx.index, scope, value.value)
    return value.value in params.drawing_parameters(scope) \
        or value.value in params.drawn_names(scope) \
        or bound is not None and type(bound[0]) is cst.Call \
        and ctx.resolver.qualname(bound[0].func, bound[1]) in R.KEY_PRODUCERS


def passed_back(ctx: KindScope, value: cst.BaseExpression, depth: int = 0) -> list[str]:
    """The names and paths of keys ``value`` hands back: as given (``(x, key)``), in a
    record of the module (``State(x, rng)``), a record returned whole (``state``: its
    ``state.rng``), or copied with other fields replaced (``state._replace(x=x)``,
    ``dataclasses.replace(state, x=x)``); through a name bound once in the body."""
    frame = ctx.frame
    if depth > _MAX_DEPTH:
        return []
    if isinstance(value, (cst.Tuple, cst.List)):
        return [p for e in value.elements for p in passed_back(ctx, e.value, depth + 1)]
    if type(value) is cst.Dict:
        return [p for e in value.elements if type(e) is cst.DictElement
                for p in passed_back(ctx, e.value, depth + 1)]
    if type(value) is cst.Call:
        func = value.func
        if ctx.facts.records.fields(func, frame.unit) is not None:
            return [p for arg in value.args for p in passed_back(ctx, arg.value, depth + 1)]
        replaced = {arg.keyword.value for arg in value.args if arg.keyword is not None}
        given = [p for arg in value.args if arg.keyword is not None
                 for p in passed_back(ctx, arg.value, depth + 1)]
        if type(func) is cst.Attribute and func.attr.value in RECORD_REPLACERS and not any(
                arg.keyword is None for arg in value.args):
            return given + _kept_fields(ctx, func.value, replaced)
        if ctx.qualname(func) == "dataclasses.replace" and value.args \
                and value.args[0].keyword is None:
            return given + _kept_fields(ctx, value.args[0].value, replaced)
        return []
    path = key_path(value)
    if path is None:
        return []
    found = [path] + _kept_fields(ctx, value, frozenset())
    unit = frame.unit
    if type(value) is cst.Name and path not in frame.keys and unit is not None \
            and unit.assigned.get(path) == 1:
        bound = single_value(ctx.index, unit, path)  # `new = state._replace(x=x); return new`
        if bound is not None and bound[1] is unit:
            found += passed_back(ctx, bound[0], depth + 1)
    return found


def _kept_fields(ctx: KindScope, record: cst.BaseExpression, replaced: set[str] | frozenset[str]) -> list[str]:
    """The key paths under ``record`` (``state.rng`` of ``state``) that a copy with the
    fields ``replaced`` keeps."""
    base = key_path(record)
    if base is None:
        return []
    prefix = base + "."
    return [path for path in ctx.frame.keys if path.startswith(prefix)
            and path[len(prefix):].partition(".")[0].partition("[")[0] not in replaced]


def from_carry(ctx: KindScope, path: str) -> bool:
    """Whether ``path`` (``state.rng``) is read from a parameter the body never rebinds:
    the carry it was given."""
    unit = ctx.frame.unit
    root = path_root(path)
    return unit is not None and unit.param(root) is not None and root not in unit.assigned


def runs_once(ctx: KindScope, info: TraceInfo) -> bool:
    """Whether every lax loop running this body runs it once: ``fori_loop(0, 1, ...)``,
    ``scan(f, init, xs, length=1)``."""
    calls = [(t.name, node) for t, node, _ in info.origins if t.loop and type(node) is cst.Call]
    return bool(calls) and all(_one_iteration(name, node) for name, node in calls)


def _one_iteration(name: str, call: cst.Call) -> bool:
    if name == "jax.lax.fori_loop":
        lower, upper = int_literals(call_arg(call, 0, "lower")), int_literals(call_arg(call, 1, "upper"))
        return bool(lower) and bool(upper) and len(lower or ()) == len(upper or ()) == 1 \
            and upper[0] - lower[0] <= 1  # type: ignore[index]
    if name == "jax.lax.scan":
        length = int_literals(call_arg(call, 3, "length"))
        return bool(length) and length == [1]
    return False


def note_carried_keys(ctx: KindScope, frame: Frame) -> None:
    """Before a lax loop body is walked: its carry's key fields are key paths
    (``state.rng``), tracked from their first use as ``self.key`` is."""
    unit, info = frame.unit, frame.info
    if unit is None or info is None or not info.loop_body:
        return
    frame.carried = carried = carried_keys(ctx, unit, info)
    if carried is not None and carried.fields:
        frame.random_names |= {f"{carried.param}.{field}" for field in carried.fields}
        frame.key_paths = True


def carried_element(frame: Frame, value: cst.BaseExpression | None, index: int, count: int) -> bool:
    """Whether element ``index`` of ``a, b, ... = value`` (``count`` targets) is a key the
    carry started with: ``x, rng = state`` for ``State(x, rng)``."""
    carried = frame.carried
    return carried is not None and type(value) is cst.Name and value.value == carried.param \
        and count == carried.count and index in carried.positions


def stores_in_carry(ctx: KindScope, call: cst.Call, statement: cst.CSTNode | None) -> bool:
    """``return State(x, state.rng)`` or ``new = state._replace(rng=state.rng)`` in a lax
    loop body: the record keeps the carry's own key for the next iteration, it draws
    nothing from it (whether the next iteration gets a spent key is check_carried_keys's
    question). A key of the body's own (``rng, sub = split(state.rng)``) stored so after
    a draw is still a reuse there."""
    info = ctx.frame.info
    if info is None or not info.loop_body or not (
            type(statement) is cst.Return
            or type(statement) is cst.Assign and statement.value is call):
        return False
    func = call.func
    if not (ctx.facts.records.fields(func, ctx.frame.unit) is not None
            or type(func) is cst.Attribute and func.attr.value in RECORD_REPLACERS
            or ctx.qualname(func) == "dataclasses.replace"):
        return False
    keys = ctx.frame.keys
    for arg in call.args:
        path = key_path(arg.value)
        state = keys.get(path) if path is not None else None
        if path is not None and state is not None and not carried_state(ctx, path, state):
            return False
    return True


def carried_state(ctx: KindScope, path: str, state: KeyState) -> bool:
    """Whether the key ``path`` holds (in ``state``) is the one the body's carry brought:
    a parameter's (``x, rng = carry`` too), or a field of an unrebound parameter."""
    return state.from_param or path != path_root(path) and from_carry(ctx, path)
