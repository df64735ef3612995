"""Runs of a traced function that make their own reader, so that no trace outlives them
(JXP101, module order: module_rebinding.py).

jax-md's cargese_swap_mc notebook: ``hybrid_swap_mc`` returns closures that read the global
``N``; ``run_benchmark(N, ...)`` calls it afresh on each call, jits a function it defines
per call and keeps all of it to itself. The benchmark loop ``for N in Ns:
run_benchmark(N, ...)`` rebinds ``N`` between its calls, but every call makes new closures
and new jitted functions, whose caches are new: each trace reads the ``N`` of its call.

Such a run is one that names the reaching functions only to call *fresh* ones: a function
defined once at module level, undecorated, whose calls make what they trace anew and keep
it. The function holding the reader is fresh when it keeps what it defines to itself and
its callers (returned, never stored); another function is fresh when it names the reaching
functions only to call fresh ones and neither returns, stores nor hands on (but to JAX's
transforms and loops) what their calls give it.

The factory must be undecorated: ``functools.cache`` would hand out the same closures, and
JAX keeps the traces of a function it has seen (``lax.fori_loop`` its body's, too), so a
new ``jax.jit(run)`` around the same closure still meets the old trace.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import libcst as cst

from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.rebinding import bound_names
from jaxpure.analysis.syntax import children, push_children, descendants, names_in, own_returns, reads_any, target_names

# JAX callables that return a function holding the one handed to them (`jax.jit(run)`),
# and those that run it and return what it computed (`lax.fori_loop(0, n, body, s)`):
# neither keeps it longer than what it returns
_WRAPPERS = frozenset({"jit", "pmap", "vmap", "grad", "value_and_grad", "checkpoint", "remat"})
_LOOPS = frozenset({"fori_loop", "while_loop", "scan", "cond", "switch", "map"})


def fresh_functions(functions: Sequence[Unit], top: Unit, reaching: set[str],
                    index: ModuleIndex) -> set[str]:
    """The fresh functions among ``reaching`` (the names that can run ``top``, the
    module-level function holding the reader): ``top`` first, then the functions that
    call only fresh ones. Empty when ``top`` itself is not fresh."""
    node = _plain(top, index)
    if node is None or not _keeps(node, index, set(top.nested), set(), True):
        return set()
    fresh = {top.name}
    changed = True
    while changed:
        changed = False
        for unit in functions:
            node = _plain(unit, index) if unit.name not in fresh and unit.name in reaching \
                else None
            if node is not None and _calls_only(node.body, reaching, fresh) \
                    and _calls_only(node.params, reaching, fresh) \
                    and _keeps(node, index, set(), {top.name}, False):
                fresh.add(unit.name)
                changed = True
    return fresh


def fresh_run(event: cst.CSTNode, reaching: set[str], fresh: set[str], top: str) -> bool:
    """Whether a module statement names the reaching functions only to call fresh ones
    other than ``top`` (whose calls return the readers it makes: a statement keeping them
    runs them later)."""
    if isinstance(event, (cst.FunctionDef, cst.ClassDef)):
        return False
    return _calls_only(event, reaching, fresh - {top})


def _plain(unit: Unit, index: ModuleIndex) -> cst.FunctionDef | None:
    """The function of ``unit`` when its calls run just its body: a ``def`` bound once,
    undecorated (a cache such as ``functools.cache`` would hand out the same closures, whose
    traces JAX keeps), not ``async``."""
    node = unit.node
    if type(node) is cst.FunctionDef and not node.decorators and node.asynchronous is None \
            and len(index.bindings.get(unit.name, ())) == 1:
        return node
    return None


def _calls_only(node: cst.CSTNode, reaching: set[str], fresh: set[str]) -> bool:
    """Every name of ``reaching`` under ``node`` is the callee of a call of a fresh one."""
    callees = {id(n.func) for n in (node, *descendants(node)) if type(n) is cst.Call}
    return all(id(name) in callees and name.value in fresh
               for name in names_in(node) if name.value in reaching)


def _keeps(function: cst.FunctionDef, index: ModuleIndex, held: set[str],
           makers: set[str], may_return: bool) -> bool:
    """Whether ``function`` keeps what holds one of ``held`` (functions of the caller's, or
    its own nested ones) or what a call of one of ``makers`` returns: not in a global, an
    attribute, an item or a container, nor handed to a call other than of one of them or
    of a JAX transform; nor returned, unless ``may_return``. Its nested functions are
    looked at in turn, each with the names it binds itself shadowing the held ones."""
    own = list(_own_nodes(function.body))
    if any(isinstance(n, (cst.Global, cst.Nonlocal, cst.Yield, cst.Await, cst.NamedExpr))
           for n in own):
        return False
    nested = [n for n in own if type(n) is cst.FunctionDef]
    held = (held - _locals(function)) | {n.name.value for n in nested if n.name.value in held}
    changed = True
    while changed:  # names bound to holding values, and nested functions naming them
        changed = False
        for node in own:
            bound: list[str] = []
            if type(node) is cst.FunctionDef:
                inner = _locals(node)
                if any(n.value in held | makers and n.value not in inner for n in names_in(node)):
                    bound = [node.name.value]
            elif isinstance(node, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For)):
                value = node.iter if isinstance(node, cst.For) else node.value
                if value is not None and _holds(value, held, makers):
                    if isinstance(node, cst.AugAssign) or not _plain_targets(node):
                        return False
                    bound = bound_names(node)
            if not set(bound) <= held:
                held |= set(bound)
                changed = True
    if not may_return and any(r.value is not None and _holds(r.value, held, makers)
                              for r in own_returns(function)):
        return False
    for node in own:
        if type(node) is cst.Call and any(_holds(arg.value, held, makers) for arg in node.args) \
                and not _trusted(node.func, index):
            return False
        if type(node) is cst.With and any(_holds(item.item, held, makers) for item in node.items):
            return False
        if type(node) is cst.ClassDef and reads_any(node, held | makers):
            return False  # a class attribute outlives the call
        if type(node) is cst.FunctionDef and node.name.value in held and not all(
                _trusted(d.decorator, index) for d in node.decorators):
            return False  # a decorator may register the function
    return all(_keeps(inner, index, held, makers, True) for inner in nested)


def _locals(function: cst.FunctionDef) -> set[str]:
    """The names a function binds itself: its parameters and what its own statements bind."""
    found = {p.name.value for p in (*function.params.posonly_params, *function.params.params,
                                    *function.params.kwonly_params)}
    for star in (function.params.star_arg, function.params.star_kwarg):
        if isinstance(star, cst.Param):
            found.add(star.name.value)
    for node in _own_nodes(function.body):
        found.update(bound_names(node))
    return found


def _own_nodes(body: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes of a function's body outside the functions and classes it defines (their
    ``def`` statements included, and lambdas read as part of their statement)."""
    stack: list[cst.CSTNode] = list(children(body))
    while stack:
        current = stack.pop()
        yield current
        if not isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            push_children(current, stack)


def _holds(value: cst.CSTNode, held: set[str], makers: set[str]) -> bool:
    """Whether a value may hold a function of ``held``: the name, a lambda or a transform
    (``jax.jit(run)``, ``partial(step, x)``) naming one, what a call of one of ``makers``
    returns, a container, attribute or item of such a value. Any other call computes its
    result (as module_rebinding.py reads a function's returns)."""
    stack = [value]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name:
            if current.value in held:
                return True
            continue
        if type(current) is cst.Lambda:
            if reads_any(current.body, held | makers):
                return True
            continue
        if type(current) is cst.Call:
            callee = dotted_name(current.func) or ""
            head, last = callee.split(".", 1)[0], callee.rsplit(".", 1)[-1]
            if head in makers:
                return True
            if last in _WRAPPERS or last == "partial":
                stack.extend(arg.value for arg in current.args)
            continue  # any other call computes its result from what it is given
        push_children(current, stack)
    return False


def _trusted(func: cst.BaseExpression, index: ModuleIndex) -> bool:
    """A callee that may be handed a held function: a JAX transform or loop, which keeps
    the function no longer than what it returns (any other, the held functions included,
    may store what it is given)."""
    callee = dotted_name(func)
    if callee is None:
        return False
    head, last = callee.split(".", 1)[0], callee.rsplit(".", 1)[-1]
    qualified = index.imports.aliases.get(head, "")
    return last in _WRAPPERS | _LOOPS and (qualified == "jax" or qualified.startswith("jax."))


def _plain_targets(node: cst.Assign | cst.AnnAssign | cst.For) -> bool:
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
        else [node.target]
    return all(target_names(t) and not any(isinstance(n, (cst.Attribute, cst.Subscript))
                                           for n in (t, *descendants(t))) for t in targets)
