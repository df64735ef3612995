"""Closures traced only where a flag of the function defining them has one truth.

precondition's ``distributed_shampoo(..., shard_optimizer_states=False)`` defines
``update_fn`` and the helpers it calls, and returns ``GradientTransformation(init_fn,
update_fn)`` only in the ``else`` of ``if shard_optimizer_states:``: the users who jit that
``update`` (the contract that traces it, module/contracts.py) run it where the flag is
false, and so its helper ``_compute_preconditioners`` never takes its ``else`` of ``if not
shard_optimizer_states:`` in a trace (flow/narrowing.py ``ruling_flag`` walks it as
untraced code, so the ``_pjit_compute_preconditioners`` it calls there is reached by no
trace: flow/unreached.py).

The truth of a name a function reads from the function that defines it (at any depth),
a parameter that function never rebinds (nor mutates, nor a nested function declares
``nonlocal``), is the same for every function of one run of it. In every trace of a
function, it has the truth each place that starts one gives it, where all agree:

- a transform applied to it, or a contract's call handing it on (``GradientTransformation(
  init_fn, update_fn)``), or a traced call of it, written in the defining function: the
  truth the ``if`` statements around that place test (``else`` of ``if flag:``);
- such a place in another function defined in it: those ``if`` statements, or that
  function's own truth (a place where the two disagree is reached by no trace).

A function traced otherwise (by another module, a custom rule, its class's contract, a
caller's pytree) has no such truth.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.flow.given import rebound_nonlocal
from jaxpure.analysis.module.contracts import given_functions
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.traced import TracedAnalysis
from jaxpure.analysis.syntax import ends_by_leaving, enclosing_nodes

# (id of a function, name) -> the name's truth in every trace of it (None: unknown)
Truths = dict[tuple[int, str], "bool | None"]


def closed_over_truth(traced: TracedAnalysis, memo: Truths, tested: set[tuple[int, str]],
                      unit: Unit | None, name: str) -> bool | None:
    """The truth ``name``, read by ``unit`` from a function defining it, has in every
    trace of ``unit`` (see the module's docstring); None when not known. ``tested``: the
    (id of a function, name) of the ``if name:`` statements the walk has met."""
    if unit is None or unit.parent is None or unit.binds(name):
        return None  # the common case: a name of the module, or of the function itself
    key = (id(unit), name)
    if key in memo:
        return memo[key]
    memo[key] = None  # (a cycle of calls gives no truth)
    owner = _owner(unit, name)
    found = _truth(traced, memo, tested, unit, owner, name) if owner is not None else None
    if found is not None and any(n == name for _u, n in traced.index.mutations):
        found = None  # `flags.append(...)`: a container's truth may change (asked last: rare)
    memo[key] = found
    return found


def _owner(unit: Unit, name: str) -> Unit | None:
    """The function ``unit`` reads ``name`` from, when it is a parameter of it that it
    never rebinds: a plain function, and the functions between them bind no ``name``."""
    current = unit
    while current.parent is not None and not current.parent_is_class:
        current = current.parent
        p = current.param(name)
        if p is not None:
            return current if not p.star and name not in current.assigned \
                and type(current.node) is cst.FunctionDef \
                and not rebound_nonlocal(current, name) else None
        if current.binds(name) or name in current.declared_global:
            return None
    return None


def _truth(traced: TracedAnalysis, memo: Truths, tested: set[tuple[int, str]], unit: Unit,
           owner: Unit, name: str) -> bool | None:
    info = traced.info.get(id(unit))
    if info is None or not info.traced or info.external_origin is not None \
            or info.custom_rule or info.traced_self or info.kwargs_sources \
            or unit.parent_is_class or any(rule is unit for _o, rule, _r in traced.rule_edges):
        return None
    places: list[tuple[Unit, cst.CSTNode]] = []
    for origin in traced.origins:
        if origin.target is not unit:
            continue
        if origin.contract is None:
            if origin.container is None:
                return None
            places.append((origin.container, origin.node))
            continue
        handed = _contract_calls(traced, owner, unit)
        if not handed:
            return None  # traced by a contract not shown by a call of the defining function
        places.extend(handed)
    places.extend((caller, call) for caller, callee, call in traced.edges
                  if callee is unit and traced.is_traced(caller))
    found: set[bool] = set()
    for container, node in places:
        truth = _place_truth(traced, memo, tested, container, owner, node, name)
        if isinstance(truth, str):
            return None  # "unknown"
        if truth is not None:
            found.add(truth)
    return found.pop() if len(found) == 1 else None


def _contract_calls(traced: TracedAnalysis, owner: Unit,
                    unit: Unit) -> list[tuple[Unit, cst.CSTNode]]:
    """The calls of the defining function handing ``unit`` to a contract
    (``GradientTransformation(init_fn, update_fn)``); none when a call elsewhere does."""
    found: list[tuple[Unit, cst.CSTNode]] = []
    scopes = [owner]  # where the function's name is seen: its definer and what that defines
    while scopes:
        other = scopes.pop()
        scopes.extend(other.nested.values())
        for call in other.calls:
            if any(type(a.value) is cst.Name and a.value.value == unit.name for a in call.args) \
                    and any(target is unit for target, _why in
                            given_functions(traced.resolver, call, other)):
                if other is not owner:
                    return []
                found.append((other, call))
    return found


def _place_truth(traced: TracedAnalysis, memo: Truths, tested: set[tuple[int, str]],
                 container: Unit, owner: Unit, node: cst.CSTNode,
                 name: str) -> bool | None | str:
    """The truth of ``name`` where ``node`` (in ``container``) starts a trace: True,
    False, None where no trace starts there (the tests around it and ``container``'s own
    truth disagree), "unknown"."""
    # (a function whose walk met no test of the flag: none to look for around the place)
    around = _tested_truth(container, node, name) if (id(container), name) in tested else None
    if container is owner:
        return "unknown" if around is None else around
    if not _defined_in(container, owner):
        return "unknown"
    own = closed_over_truth(traced, memo, tested, container, name)
    if own is None or around is None:
        return own if own is not None else around if around is not None else "unknown"
    return own if own == around else None


def _defined_in(unit: Unit, owner: Unit) -> bool:
    current: Unit | None = unit
    while current is not None:
        if current is owner:
            return True
        current = current.parent
    return False


def _tested_truth(container: Unit, node: cst.CSTNode, name: str) -> bool | None:
    """The truth the ``if name:`` / ``if not name:`` statements around ``node`` in
    ``container`` give ``name`` there, and those before it in a block around it whose
    body leaves it (``if name: return ...``); None: none tests it, or they disagree."""
    chain = enclosing_nodes(container.node, node) + [node]
    found: set[bool] = set()
    for outer, inner in zip(chain, chain[1:]):
        if type(outer) is cst.IndentedBlock:
            for statement in outer.body:
                if statement is inner:
                    break
                if isinstance(statement, cst.If) and statement.orelse is None \
                        and (tested := _flag_of(statement, name)) is not None \
                        and ends_by_leaving(statement.body):
                    found.add(not tested)  # past `if name: return`: the flag is false
            continue
        if not isinstance(outer, cst.If) or inner is outer.test:
            continue
        tested = _flag_of(outer, name)
        if tested is not None:
            in_body = inner is outer.body
            found.add(in_body if tested else not in_body)
    return found.pop() if len(found) == 1 else None


def _flag_of(statement: cst.If, name: str) -> bool | None:
    """``if name:`` -> True, ``if not name:`` -> False: the truth in its body."""
    test = statement.test
    if type(test) is cst.Name and test.value == name:
        return True
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not \
            and type(test.expression) is cst.Name and test.expression.value == name:
        return False
    return None
