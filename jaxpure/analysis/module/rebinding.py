"""Whether a closure variable is rebound between two uses of the functions that read it: only
then can one trace see the old value and a later call the new one (JXP101)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from jaxpure.analysis.catalog.transforms import CONTROL_FLOW
from jaxpure.analysis.module.call_structures import Structure, new_structure
from jaxpure.analysis.module.imports import canonical, dotted_name
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import (
    push_children, enclosing_nodes, inner_statements, on_exclusive_branches, reads_any, statements,
    target_names,
)

# (statement or header, the loops around it)
Event = tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]

# calls whose result holds the function passed to them (`jax.jit(f)`); any other call
# returns what the function computed (`lax.fori_loop(0, n, step, s)`)
FUNCTION_WRAPPERS = frozenset({
    "jit", "pmap", "vmap", "grad", "value_and_grad", "partial", "checkpoint", "remat",
    "custom_vjp", "custom_jvp", "Partial", "named_call", "filter_jit"})


def rebound_between_uses(owner: Unit, name: str, reader: Unit, in_place: bool = False) -> bool:
    """Whether ``owner`` rebinds ``name`` after defining the function that holds ``reader``,
    with a use (call or reference) of one of its local functions before the rebinding and
    another after it, or inside a loop around the rebinding that uses one too. A rebinding
    before any use (`linear = jax.custom_vjp(linear)` before the first trace), or after the
    last (a later part of a test), meets a single trace. ``in_place``: asked of the stores
    into ``name`` (``q[mask] = 0``) instead, which change what a trace read the same way
    (equivariant-MLP's sparsify_basis zeroes its basis after its last jitted call)."""
    top = reader
    while top.parent is not None and top.parent is not owner:
        top = top.parent
    events: list[Event] = []
    body = owner.node.body
    walk_events(statements(body) if isinstance(body, cst.BaseSuite) else (), (), events)
    around = {id(n) for n in enclosing_nodes(owner.node, top.node)} | {id(top.node)}
    defined = next((i for i, (node, _) in enumerate(events) if id(node) in around), None)
    if defined is None:
        return True
    seed = holders(top, events[defined][0])
    local = _reaching(owner, events, seed)
    ends = _holders_rebound(events, defined, local)
    uses = [i for i, (node, _) in enumerate(events) if i > defined and uses_any(
        node, {n for n in local if i < ends.get(n, len(events))})]
    return rebound_between(events, defined, uses, name,
                           unseen=_exclusive_with(owner, events, defined, top.node),
                           changes=(lambda node: _stores_into(node, name)) if in_place else None)


def _stores_into(node: cst.CSTNode, name: str) -> bool:
    """``name[i] = v``, ``name.a = v``, ``name[i] += v``: a statement that changes the
    object ``name`` holds through a store."""
    targets: list[cst.BaseExpression]
    if type(node) is cst.Assign:
        targets = [t.target for t in node.targets]
    elif type(node) is cst.AugAssign or type(node) is cst.AnnAssign:
        targets = [node.target]
    else:
        return False
    while targets:
        target = targets.pop()
        if type(target) is cst.Tuple or type(target) is cst.List:
            targets.extend(e.value for e in target.elements)  # `q[0], b = ...`
        while type(target) is cst.Subscript or type(target) is cst.Attribute:
            target = target.value
            if type(target) is cst.Name and target.value == name:
                return True
    return False


def _exclusive_with(owner: Unit, events: list[Event], defined: int,
                    definition: cst.CSTNode) -> set[int]:
    """The events that no run of ``owner`` reaches together with ``definition`` (the other
    arm of the ``if`` it sits in, or code after an ``if`` body that returns; mcx's metric
    binds ``mass_matrix_sqrt`` afresh in the ``elif`` arm for its own jitted function): the
    closure never sees what they bind. Under a loop, one run may take both arms."""
    if events[defined][1]:
        return set()
    return {i for i, (node, loops) in enumerate(events) if i > defined and not loops
            and on_exclusive_branches(owner.node, definition, node)}


def _holders_rebound(events: list[Event], defined: int, holders: set[str]) -> dict[str, int]:
    """Where each of ``holders`` (the names that run the reader) is first bound afresh after
    ``defined``, outside any loop, by a statement that reads none of them: from there on
    the name runs another function (``k_jit = jax.jit(lambda x: kernel_fn(x))`` again after
    ``kernel_fn`` is rebound makes a new trace that sees the new value)."""
    ends: dict[str, int] = {}
    for index in range(defined + 1, len(events)):
        node, loops = events[index]
        if loops or type(node) is not cst.Assign or reads_any(node.value, holders):
            continue
        for bound in bound_names(node):
            if bound in holders:
                ends.setdefault(bound, index)
    return ends


def rebound_between(events: list[Event], defined: int, runs: list[int], name: str,
                    structures: dict[int, Structure | None] | None = None,
                    unseen: set[int] | None = None,
                    changes: Callable[[cst.CSTNode], bool] | None = None) -> bool:
    """Whether an event after ``defined`` rebinds ``name`` between two of ``runs`` (the
    events that run the traced function): a run before it and another after, a loop around
    it that runs the function, or a loop whose target it is and whose body runs the function
    (`for temperature in (1.0, 0.5): sample(x)`: every iteration after the first rebinds it).
    A run after it that passes arguments of a structure no run before it passed
    (``structures``, by run) is traced anew, and reads the new value. Events in
    ``unseen`` are on paths the traced function's definition is not on. ``changes``, when
    given, picks the events that change the value instead of rebinding ``name`` (in-place
    changes: ``agents.append(a)``)."""
    for index, (node, loops) in enumerate(events):
        if index <= defined or unseen and index in unseen or not (
                changes(node) if changes is not None else name in bound_names(node)):
            continue
        before = [r for r in runs if r < index]
        after = [r for r in runs if r > index]
        if before and after and not (structures is not None and all(
                new_structure(structures.get(r), [structures.get(b) for b in before])
                for r in after)):
            return True
        if any(loop in events[r][1] for loop in (*loops, node) for r in runs):
            return True
    return False


def walk_events(body: Sequence[cst.CSTNode], loops: tuple[cst.CSTNode, ...],
                out: list[Event]) -> None:
    """The statements (and compound headers) of ``body`` in source order, with their loops."""
    for statement in body:
        if type(statement) is cst.SimpleStatementLine:
            out.extend((small, loops) for small in statement.body)
        elif isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            out.append((statement, loops))
        elif isinstance(statement, (cst.Else, cst.Finally, cst.ExceptHandler)):
            walk_events(statements(statement.body), loops, out)
        else:
            header = _header(statement)
            if header is not None:
                out.append((header, loops))
            inner = loops + (statement,) if isinstance(statement, (cst.For, cst.While)) else loops
            walk_events(tuple(inner_statements(statement)), inner, out)


def _header(statement: cst.CSTNode) -> cst.CSTNode | None:
    """What a compound statement evaluates before its body (a test, the loop's iterable and
    target, the context managers)."""
    if isinstance(statement, (cst.If, cst.While)):
        return statement.test
    if type(statement) is cst.For:
        return statement
    if type(statement) is cst.With:
        return statement
    return None


def _reaching(owner: Unit, events: list[Event], seed: set[str]) -> set[str]:
    """The names through which ``owner`` can run the reader: its own name (``seed``), the
    local functions whose bodies mention one of them (callers), and the names bound to
    values built from them (``step = jax.jit(update)``). Other local functions, defined
    for other parts of the function, cannot trace it."""
    local = set(seed)
    changed = True
    while changed:
        changed = False
        for name, unit in owner.nested.items():
            if name not in local and type(unit.node) is cst.FunctionDef \
                    and reads_any(unit.node.body, local):
                local.add(name)
                changed = True
        for node, _ in events:
            if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None \
                    and holds_function(node.value, local):
                for bound in bound_names(node):
                    if bound not in local:
                        local.add(bound)
                        changed = True
    return local


def holders(top: Unit, event: cst.CSTNode) -> set[str]:
    """The names through which the statement defining ``top`` keeps it: a ``def``'s name;
    for a lambda, the names its statement binds, unless the value bound only runs the
    lambda (``v = jax.jit(lambda: model.init(k, batch))()`` binds what it computed: nothing
    holds the lambda after that statement)."""
    if type(top.node) is cst.FunctionDef:
        return {top.name}
    lam = top.node
    if isinstance(event, (cst.Assign, cst.AnnAssign, cst.AugAssign)) and event.value is not None \
            and not _holds(event.value, lambda node: node is lam):
        return set()
    return set(bound_names(event))


def holds_function(value: cst.BaseExpression, names: set[str]) -> bool:
    """``jax.jit(f)``, ``partial(f, x)``, ``f``: a value that holds one of the functions
    (not ``f(x)`` nor ``jax.jit(f)(x)``, which hold what it returned)."""
    return _holds(value, lambda node: type(node) is cst.Name and node.value in names)


def _holds(value: cst.BaseExpression, match: Callable[[cst.CSTNode], bool]) -> bool:
    """Whether ``value`` holds a function ``match`` picks: the function itself, or a value
    built from it other than by calling it. A call computes what the function returns, be
    the callee the function named (``f(x)``) or a wrapper of it called on the spot
    (``jax.jit(f)(x)``, ``partial(f, a)(b)``: the wrapper is gone once it has run); the
    arguments of a call may still be kept by what it returns."""
    stack: list[cst.CSTNode] = [value]
    while stack:
        current = stack.pop()
        if match(current):
            return True
        if type(current) is cst.Call and control_flow(current.func):
            continue  # `lax.fori_loop(0, n, body, init)` returns what body computed
        if type(current) is cst.Call and (type(current.func) is cst.Name
                                          or _called_wrapper(current.func)
                                          or _run_by_its_holder(current.func, match)):
            stack.extend(current.args)
            continue
        push_children(current, stack)
    return False


# methods of a jitted function that return it staged or bound, not what it computed
_STAGING_METHODS = frozenset({"lower", "trace", "compile", "specialize", "bind", "clone",
                              "replace", "copy"})


def _run_by_its_holder(func: cst.BaseExpression, match: Callable[[cst.CSTNode], bool]) -> bool:
    """``solver.run(init)`` for ``solver = ScipyMinimize(fun=loss)``: a method of the value
    holding the function, called on the spot, runs it and returns what it computed (a
    solution), as calling the function does; ``step.lower(x)`` keeps the trace."""
    return type(func) is cst.Attribute and match(func.value) \
        and func.attr.value not in _STAGING_METHODS


def control_flow(func: cst.BaseExpression,
                 lookup: Callable[[str], str | None] | None = None) -> bool:
    """``lax.scan``, ``jax.lax.fori_loop``, ...: a primitive that runs the functions it is
    given on the spot and returns arrays, keeping none of them. With ``lookup`` (a module's
    imports), names are resolved (``fori_loop`` imported from ``jax.lax``); without, only
    the written-out ``lax.``/``jax.lax.`` forms count (a bare ``scan`` may be anything)."""
    text = dotted_name(func)
    if text is None:
        return False
    if lookup is not None:
        head, _, rest = text.partition(".")
        found = lookup(head)
        return found is not None and canonical(f"{found}.{rest}" if rest else found) in CONTROL_FLOW
    return ("jax." + text if text.startswith("lax.") else text) in CONTROL_FLOW


def _called_wrapper(func: cst.BaseExpression) -> bool:
    """A callee that is a function wrapped on the spot (``jax.jit(f)``, ``partial(f, a)``):
    calling it runs the function and returns what it computed."""
    if type(func) is not cst.Call:
        return False
    callee = func.func
    last = callee.attr.value if type(callee) is cst.Attribute else \
        callee.value if type(callee) is cst.Name else ""
    return last in FUNCTION_WRAPPERS


def bound_names(node: cst.CSTNode) -> list[str]:
    if type(node) is cst.Assign:
        return [n for t in node.targets for n in target_names(t.target)]
    if isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        return target_names(node.target)
    if type(node) is cst.For:
        return target_names(node.target)
    if type(node) is cst.With:
        return [n for item in node.items if item.asname is not None
                for n in target_names(item.asname.name)]
    if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        return [node.name.value]
    return []


def uses_any(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether ``node`` names one of ``names``, outside the bodies of functions and classes
    it defines (those run later, when called) and outside a loop's or ``with``'s body (its
    statements are events of their own)."""
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value in names:
            return True
        if isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            stack.extend(d.decorator for d in current.decorators)
            continue
        if isinstance(current, cst.For):
            stack.extend([current.iter, current.target])
            continue
        if isinstance(current, cst.With):
            stack.extend(item.item for item in current.items)
            continue
        push_children(current, stack)
    return False
