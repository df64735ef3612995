"""Values traced only where a flag holds, handed on with that flag to a helper testing it.

Shampoo's update (google-research/precondition) sets ``steps = compute_steps`` (an int),
then ``if scheduled: steps = schedule(lr, ..., count)`` (traced), and calls
``_update_fn(every, some, steps, scheduled)``, whose ``if scheduled: lax.cond(steps == 1,
...)`` ``else: if steps == 1: ...`` branches in Python on ``steps`` only where the flag is
false, where ``steps`` is the int. The kinds of the caller's two paths are joined at the
``if``; this keeps what the path the flag rules out left, tied to the flag:

- the caller's side (note_flag_bindings): at the join of ``if flag:`` (``if not flag:``)
  in a traced function, outside any loop, a local the path where ``flag`` holds left with
  another kind keeps, as a FlagBinding, the kind the other path left it. It holds at a
  call (flag_pairs) in the same block after the ``if``, or in a statement of that block
  after it, when nothing from the ``if`` to the call may bind either name (the ``if``
  itself binding no ``flag``), nor mutate the flag: wherever ``flag`` is false at the
  call, it was at the test, so the local holds what the path it ruled out left;
- the call: a parameter filled with such a local, where the call fills another parameter
  with that very flag, gets that kind where the flag parameter is false (FlagKinds keeps,
  for each function, the join over its traced calls, none when one call passes the
  parameter otherwise);
- the helper's side (off_flag_kinds, narrow_off_flag): a parameter whose kind comes from
  its traced calls alone (no transform applied to the function, no other module's call),
  which the function binds nowhere, nor the flag parameter, has that kind on the path
  where ``if flag:`` fails (the ``else``, and what follows an ``if flag: return``).

Not so when the caller guards the traced binding with another test than the flag it
passes (``if decay and callable(lr):`` beside ``scheduled = decay and end and
callable(lr)``: ``end=0`` reaches the helper's Python branch with the tracer), nor when
the helper's branch is where the flag may hold.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.domain import FlagBinding, Frame
from jaxpure.analysis.flow.given import filled_parameters
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.traced import TraceInfo
from jaxpure.analysis.syntax import rebound_in

# the statements being walked, innermost last, each as (its block, its index there)
Lines = list[tuple[tuple[cst.CSTNode, ...], int]]
# by function (id), by parameter: the flag parameter and the kind where it is false, over
# the traced calls so far; None when a call passed the parameter otherwise
FlagKinds = dict[int, dict[str, tuple[str, int] | None]]


def flag_test(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """``flag`` -> (flag, True); ``not flag`` -> (flag, False): the name tested, and whether
    the ``if``'s body is the path where it is true."""
    if type(test) is cst.Name:
        return test.value, True
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not \
            and type(test.expression) is cst.Name:
        return test.expression.value, False
    return None


def ending(path: Callable[[], None], frame: Frame,
           ends: list[tuple[dict[str, int], bool]]) -> Callable[[], None]:
    """``path``, noting the kinds it leaves and whether it left the function."""
    def walk() -> None:
        path()
        ends.append((frame.env, frame.dead))  # the walk gives the next path a new env
    return walk


def note_flag_bindings(frame: Frame, tested: tuple[str, bool], node: cst.If,
                       line: tuple[tuple[cst.CSTNode, ...], int],
                       ends: list[tuple[dict[str, int], bool]]) -> None:
    """After the join of ``if flag:``: the locals the path where the flag is true left
    with another kind than the other path (see the module's docstring)."""
    if len(ends) != 2 or ends[0][1] or ends[1][1]:
        return  # a path left the function: the join is the other path's
    flag, body_true = tested
    false_env = ends[1][0] if body_true else ends[0][0]
    found = [(name, before) for name, kind in frame.env.items()
             if (before := false_env.get(name)) is not None and before != kind]
    if not found:
        return
    for name, before in found:
        frame.flag_bindings[name] = FlagBinding(flag, before, node, *line)


def flag_pairs(frame: Frame, index: ModuleIndex, lines: Lines, callee: Unit,
               call: cst.Call, shift: int) -> dict[str, tuple[str, int]]:
    """The parameters of ``callee`` that ``call`` fills with a local tied to a flag it
    passes to another parameter: each with that parameter and the local's kind where the
    flag is false."""
    passed, _ = filled_parameters(callee, call, shift)
    flags = {value.value: name for name, value in passed.items() if type(value) is cst.Name}
    found: dict[str, tuple[str, int]] = {}
    for name, value in passed.items():
        local = value.value if isinstance(value, cst.Name) else ""
        binding = frame.flag_bindings.get(local)
        if binding is None:
            continue
        other = flags.get(binding.flag)
        if other is not None and other != name \
                and _still_tied(lines, binding, {local, binding.flag}) \
                and (frame.unit, binding.flag) not in index.mutations:
            found[name] = (other, binding.kind)
    return found


def _still_tied(lines: Lines, binding: FlagBinding, names: set[str]) -> bool:
    """Whether the call being walked sits after ``binding``'s ``if`` in its block, with
    nothing from the ``if`` to the call that may bind ``names``."""
    for body, index in lines:
        if body is binding.block:
            break
    else:
        return False
    if index <= binding.index or binding.flag in rebound_in(binding.node):
        return False  # (asked here, at the rare call handing on both: the walk is long)
    if any(names & rebound_in(statement) for statement in body[binding.index + 1:index]):
        return False
    current = body[index]
    if type(current) is cst.SimpleStatementLine and len(current.body) == 1:
        small = current.body[0]
        if type(small) is cst.Assign and all(_plain_target(t.target) for t in small.targets):
            return not names & rebound_in(small.value)  # `steps = f(steps, flag)`: after
    return not names & rebound_in(current)


def _plain_target(target: cst.BaseExpression) -> bool:
    """A name, or a tuple of names: nothing to evaluate before the value is bound."""
    if type(target) in (cst.Tuple, cst.List):
        return all(type(e) is not cst.StarredElement and _plain_target(e.value)
                   for e in target.elements)  # type: ignore[attr-defined]
    return type(target) is cst.Name


def note_call(kinds_at_calls: FlagKinds, callee: Unit, recorded: dict[str, int], name: str,
              pair: tuple[str, int] | None) -> None:
    """Join a traced call's ``pair`` for parameter ``name`` of ``callee`` into what its
    calls so far gave (``recorded``: the kinds they passed, before this call's)."""
    found = kinds_at_calls.get(id(callee))
    if pair is None:
        if found is not None and name in found:
            found[name] = None
        return
    if found is None:
        found = kinds_at_calls[id(callee)] = {}
    if name not in found:
        found[name] = None if name in recorded else pair  # an earlier call passed no pair
        return
    known = found[name]
    found[name] = None if known is None or known[0] != pair[0] \
        else (pair[0], L.join(known[1], pair[1]))


def off_flag_kinds(index: ModuleIndex, unit: Unit, info: TraceInfo,
                   found: dict[str, tuple[str, int] | None], kinds: dict[str, int],
                   seeded: bool, passed_on: Callable[[str], bool]) -> dict[str, dict[str, tuple[int, int]]]:
    """By flag parameter of ``unit``: the parameters whose kind where it is false its
    traced calls give, with the kind it starts with (``kinds``: see the module's
    docstring); ``passed_on(name)``: the parameter's kind is what those calls pass."""
    if seeded or info.direct or info.external_origin is not None or info.statics_unknown \
            or info.kwargs_sources or info.custom_rule or info.contract is not None \
            or _nonlocal_below(unit):
        return {}
    out: dict[str, dict[str, tuple[int, int]]] = {}
    for name, pair in found.items():
        if pair is None or name in unit.assigned or pair[0] in unit.assigned \
                or not passed_on(name) or (unit, pair[0]) in index.mutations:
            continue
        flag = unit.param(pair[0])
        if flag is not None and not flag.star:
            out.setdefault(pair[0], {})[name] = (kinds[name], pair[1])
    return out


def _nonlocal_below(unit: Unit) -> bool:
    """Whether a function nested in ``unit`` (at any depth) declares a name nonlocal."""
    stack = list(unit.nested.values())
    while stack:
        current = stack.pop()
        if current.declared_nonlocal:
            return True
        stack.extend(current.nested.values())
    return False


def narrow_off_flag(frame: Frame, test: cst.BaseExpression, holds: bool) -> None:
    """On the path where ``test`` (``flag``, ``not flag``) leaves the flag false: the
    parameters tied to it have the kind its traced calls give there."""
    tested = flag_test(test)
    if tested is None or tested[1] == holds:
        return  # the path where the flag is true
    for name, (entry, kind) in frame.off_flag.get(tested[0], {}).items():
        if frame.env.get(name) == entry:  # not narrowed otherwise on the way (isinstance)
            frame.env[name] = kind
