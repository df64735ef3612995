"""Whether a module global is rebound, in module order, between two runs of a traced function
that reads it (JXP101).

A notebook or a script runs once, top to bottom: a section jits a function that reads
``shift`` or ``dt``, calls it, and a later section rebinds them for a new system and jits new
functions. When nothing runs the old function after the rebinding, no trace meets the new
value. What can run it is a module-level statement naming it or a value built from it
(``step = jax.jit(update)``), or a module-level function whose body names one of those
(``def run(): step(x)``), named later in turn. Whatever cannot be put in that order (a
method, a container it is stored in, an export, a caller in another module, a module that
never runs it itself and so defines it for importers) may run it at any time.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from jaxpure.analysis.catalog.side_effects import MUTATING_METHODS
from jaxpure.analysis.module.call_structures import Structure, passed_structure
from jaxpure.analysis.module.fresh_runs import fresh_functions, fresh_run
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit, mutated_base
from jaxpure.analysis.module.rebinding import (
    FUNCTION_WRAPPERS, Event, bound_names, control_flow, holders, holds_function, rebound_between, uses_any,
    walk_events,
)
from jaxpure.analysis.syntax import children, push_children, names_in, reads_any, target_names

# where a traced function is defined, the statements that run it, and what each passes
Runs = tuple[int, list[int], dict[int, Structure | None]]



class ModuleOrder:
    """The module's statements in order, and what of them can run a traced function."""

    def __init__(self, module: cst.Module, index: ModuleIndex,
                 external: frozenset[int] = frozenset()) -> None:
        self.module = module
        self.index = index
        self.external = external  # ids of units traced through callers in other modules
        self.events: list[Event] = []
        walk_events(module.body, (), self.events)
        # statements directly in the module (not under `if`/`for`/`try`): they always run
        self._always = {id(s) for s in module.body} | {
            id(small) for line in module.body if type(line) is cst.SimpleStatementLine
            for small in line.body}
        self._exported = _exported_names(module)
        # id of a top-level unit -> where it is defined and the statements that run it
        self._runs_of: dict[int, Runs | None] = {}
        self._binding_positions: dict[str, list[int]] | None = None  # name -> events binding it
        self._events_of: dict[int, int] | None = None  # id of a node -> its event (_event_of)
        self._called_runs: dict[int, list[int]] = {}  # id of a unit -> _runs_by_call
        self._functions = [u for u in index.units if u.parent is None and not u.parent_is_class
                           and type(u.node) is cst.FunctionDef]

    def rebound_between_runs(self, name: str, reader: Unit) -> bool:
        """Whether module code rebinds ``name`` after defining the function holding
        ``reader``, with a run of it before the rebinding and another after, or in a loop
        around the rebinding that runs it; True whenever a run cannot be ordered."""
        top = _top(reader)
        if top.parent_is_class or not self._bindings_known(name):
            return True
        found = self._runs_for(top)
        if found is None:
            return True
        defined, runs, structures = found
        return rebound_between(self.events, defined, runs, name, structures)

    def changed_between_runs(self, name: str, reader: Unit, changes: int) -> bool:
        """Whether module code changes ``name`` in place (``agents.append(a)``, ``cfg["lr"] =
        v``; ``changes``: how many such changes the index counted at module level) between
        two runs of the function holding ``reader``, or in a loop that runs it: a list filled
        before the first run, even after the definition (a notebook cell filling ``agents``
        before the next one builds ``jax.pmap(meta_update)``), is set-up every trace sees.
        True whenever a change or a run cannot be ordered."""
        top = _top(reader)
        counted = [(i, count) for i, (node, _) in enumerate(self.events)
                   if (count := _changes_in_place(node, name))]
        defined = self._defining_event(top) if not top.parent_is_class else None
        if defined is None or changes != sum(count for _i, count in counted):
            return True  # a method, or a change not seen here
        changing = [i for i, _count in counted]
        if any(i < defined and set(self.events[i][1]) & set(self.events[defined][1])
               for i in changing):
            return True  # filled and defined again in one loop
        if all(i < defined for i in changing):
            return False  # nothing can run the function before its definition
        found = self._runs_for(top)
        if found is None:
            return True
        _defined, runs, structures = found
        changed = {id(self.events[i][0]) for i in changing}
        return rebound_between(self.events, defined, runs, name, structures,
                               changes=lambda node: id(node) in changed)

    def definition_in_force(self, name: str, reader: Unit | None,
                            read: cst.CSTNode) -> cst.FunctionDef | None:
        """The module-level ``def`` of ``name`` (bound more than once in the module) that a
        read of it reaches: read by module code (``read``, ``reader`` None), the ``def`` in
        force at that statement; read in the function ``reader``, the one in force at every
        run of the module-level function holding it, when only module statements run that
        function, by calling it by name (jaxdf's notebook jits ``f``, which calls
        ``derivative``, runs it, and later redefines ``derivative`` for eager calls: the
        trace looked up the old one). None when that is not known: a ``def`` under a
        block, another binding, a run through another function or a value holding it."""
        binding = [i for i, (node, _) in enumerate(self.events) if name in _binds(node)]
        if len(binding) != len(self.index.bindings.get(name, ())):
            return None  # a binding not walked here (a walrus, `except ... as`)
        if not any(_may_run(self.events[i][0]) for i in range(binding[0] + 1, binding[-1])):
            # nothing runs between the first binding and the last (`try: import` / `except:
            # def`, overloads): every run sees the last, as the resolver takes it anyway;
            # asked first, as the walks below are a library module's costliest question
            return None
        uses = self._runs_by_call(reader) if reader is not None else self._event_of(read)
        if not uses or rebound_between(self.events, -1, uses, name,
                                       changes=lambda node: name in _binds(node)):
            return None  # a binding between two uses, or in a loop around one
        before = [i for i in binding if i < uses[0]]
        node = self.events[before[-1]][0] if before else None
        return node if type(node) is cst.FunctionDef and id(node) in self._always else None

    def _event_of(self, node: cst.CSTNode) -> list[int]:
        """The innermost event holding ``node`` (a read in module code), as a list; the
        nodes are mapped to their events once, for the first such question."""
        if self._events_of is None:
            self._events_of = {}
            for position, (event, _) in enumerate(self.events):  # an inner event comes later
                self._events_of.update((id(n), position) for n in _walk(event))
        found = self._events_of.get(id(node))
        return [found] if found is not None else []

    def _runs_by_call(self, reader: Unit) -> list[int]:
        """The statements that run the module-level function holding ``reader`` when they
        all call it by name and nothing else can run it (no function names it, no value
        holds it, no other module calls it); none otherwise."""
        top = _top(reader)
        if id(top) not in self._called_runs:
            self._called_runs[id(top)] = self._called_by_name(top)
        return self._called_runs[id(top)]

    def _called_by_name(self, top: Unit) -> list[int]:
        defined = self._defining_event(top) if not top.parent_is_class else None
        if defined is None or type(top.node) is not cst.FunctionDef:
            return []
        reaching = self._reaching(top, defined)
        if reaching != {top.name}:
            return []
        # `total = jit(total)` makes no run: later calls of the name run the function
        runs = [r for r in self._runs(reaching, defined, top)
                if not _wraps_itself(self.events[r][0], top.name)]
        return runs if all(_only_called(self.events[r][0], top.name) for r in runs) else []

    def _runs_for(self, top: Unit) -> Runs | None:
        if id(top) not in self._runs_of:
            self._runs_of[id(top)] = self._ordered_runs(top)
        return self._runs_of[id(top)]

    def _ordered_runs(self, top: Unit) -> Runs | None:
        """Where ``top`` is defined, the statements that can run it and the structure each
        passes; None when a run cannot be ordered."""
        defined = self._defining_event(top)
        reaching = self._reaching(top, defined) if defined is not None else None
        if defined is None or reaching is None:
            return None
        runs = self._runs(reaching, defined, top)
        if not runs:
            return None  # never run here: defined for importers
        # a run through functions that make the reader anew leaves no trace behind
        fresh = fresh_functions(self._functions, top, reaching, self.index)
        if len(fresh) > 1:
            runs = [r for r in runs if not fresh_run(self.events[r][0], reaching, fresh, top.name)]
        return defined, runs, {r: passed_structure(self.events[r][0], reaching) for r in runs}

    def _bindings_known(self, name: str) -> bool:
        """Every module-level binding of ``name`` is one of the statements walked here (a
        walrus or an `except ... as` is not): otherwise a rebinding could go unseen."""
        found = sum(1 for node, _ in self.events for bound in bound_names(node) if bound == name)
        return found == len(self.index.bindings.get(name, ()))

    def _defining_event(self, top: Unit) -> int | None:
        around = {id(n) for n in _path_to(self.module, top.node)}
        return next((i for i, (node, _) in enumerate(self.events) if id(node) in around), None)

    def _reaching(self, top: Unit, defined: int) -> set[str] | None:
        """The names that can run ``top``: its own, module-level functions that name one of
        them, and names bound to values holding one (``step = jax.jit(update)``, the result
        of a function that returns one). None when one is stored where order is lost."""
        seed = holders(top, self.events[defined][0])
        names, factories = set(seed), set()
        changed = True
        while changed:
            changed = False
            for unit in self._functions:
                node = unit.node
                if unit is top or unit.name in names or type(node) is not cst.FunctionDef \
                        or not _names_any(node, names):
                    continue
                if id(unit) in self.external or _stores_away(node, names):
                    return None
                if _returns_held(unit, names):
                    factories.add(unit.name)
                changed |= unit.name not in names
                names.add(unit.name)
            for event, _ in self.events:
                if type(event) is cst.Match and reads_any(event, names):
                    return None  # a statement whose body is not walked
                bound = self._held_by(event, names, factories)
                if bound is None:
                    return None
                changed |= not bound <= names
                names |= bound
        if id(top) in self.external or names & self._exported or any(
                reads_any(c, names) for c in self.index.class_nodes.values()):
            return None
        return names

    def _held_by(self, node: cst.CSTNode, names: set[str],
                 factories: set[str]) -> set[str] | None:
        """The names ``node`` binds to a value holding one of ``names``; None when it
        stores one into a container, an attribute or an item."""
        value = _bound_value(node)
        if type(value) is cst.Call and control_flow(value.func, self.index.imports.lookup):
            return set()  # `state = fori_loop(0, n, body, state)`: what body computed
        if value is None or not _holds(value, names, factories):
            if type(node) is cst.Expr and _stores_call(node.value, names):
                return None
            return set()
        if type(node) in (cst.Assign, cst.AugAssign, cst.AnnAssign) \
                and not _plain_targets(node):
            return None
        return set(bound_names(node))

    def _runs(self, reaching: set[str], defined: int, top: Unit) -> list[int]:
        """The statements, from the definition on, that name a value holding the function
        (for each name, its binding in force there, in module order)."""
        live: set[str] = set()
        hidden: dict[str, int] = {}  # a name rebound in a block -> the event ending the block
        runs: list[int] = []
        for position, (node, _) in enumerate(self.events):
            for name in [name for name, end in hidden.items() if end <= position]:
                del hidden[name]
                live.add(name)  # after the block: the block may not have run
            if position >= defined and (_reads(node, live) or position == defined
                                        and type(top.node) is cst.Lambda
                                        and not holders(top, node)):
                runs.append(position)  # an inline lambda runs where it is defined
            for bound in set(bound_names(node)) & reaching:
                if position == defined or self._binds_holder(node, reaching, live, position):
                    live.add(bound)
                    hidden.pop(bound, None)
                elif bound in self.index.global_writes:
                    continue
                elif id(node) in self._always:
                    live.discard(bound)  # rebound for another purpose: later uses are not runs
                    hidden.pop(bound, None)
                elif bound in live and type(node) is cst.FunctionDef:
                    # `def step` again in a loop's body: the rest of the body runs the new one
                    live.discard(bound)
                    hidden[bound] = self._block_end(node, position)
        return runs

    def _block_end(self, node: cst.CSTNode, position: int) -> int:
        """The first event after ``position`` outside the block holding ``node``."""
        path = _path_to(self.module, node)
        blocks = [n for n in path[:-1] if isinstance(n, (cst.IndentedBlock, cst.SimpleStatementSuite))]
        if not blocks:
            return position + 1
        inside = {id(n) for n in _walk(blocks[-1])}
        end = position + 1
        while end < len(self.events) and id(self.events[end][0]) in inside:
            end += 1
        return end

    def _binds_holder(self, node: cst.CSTNode, reaching: set[str], live: set[str],
                      position: int) -> bool:
        """Whether ``node`` binds a value holding the function, given the names ``live``
        (holding it) at ``position``. A function redefined under the same name is another
        function: a ``def`` holds it when it names a name that holds it now, or one that is
        bound only later (looked up when the function runs); a value holds it when it
        names one that holds it now (jwave's notebook redefines ``get_field``, ``full_loss``
        and ``update`` apart from the jitted solver before it rebinds the medium)."""
        if type(node) is cst.FunctionDef:
            return _names_any(node, {name for name in reaching if name in live
                                     or self._bound_after(name, position)})
        if type(node) is cst.ClassDef:
            return True
        value = _bound_value(node)
        return value is None or holds_function(value, live | {
            name for name in reaching if self._bound_after(name, position)}) \
            or not isinstance(node, (cst.Assign, cst.AnnAssign))

    def _bound_after(self, name: str, position: int) -> bool:
        """Whether a statement after ``position`` binds ``name`` (or none before it does:
        a name defined later, or through a function)."""
        if self._binding_positions is None:
            self._binding_positions = {}
            for at, (node, _) in enumerate(self.events):
                for bound in bound_names(node):
                    self._binding_positions.setdefault(bound, []).append(at)
        positions = self._binding_positions.get(name, [])
        return not positions or positions[0] >= position or positions[-1] > position


def _top(unit: Unit) -> Unit:
    """The module-level function (or class method) ``unit`` is nested in, or itself."""
    while unit.parent is not None:
        unit = unit.parent
    return unit


def _binds(node: cst.CSTNode) -> list[str]:
    """The names a statement binds, imports included (``from jaxdf.operators import
    derivative`` before a notebook's own ``def derivative``)."""
    if isinstance(node, (cst.Import, cst.ImportFrom)) and not isinstance(node.names,
                                                                          cst.ImportStar):
        return [alias.asname.name.value if alias.asname is not None
                and type(alias.asname.name) is cst.Name else
                (dotted_name(alias.name) or "").partition(".")[0] for alias in node.names]
    return bound_names(node)


def _only_called(node: cst.CSTNode, name: str) -> bool:
    """Whether every mention of ``name`` in ``node`` (as :func:`rebinding.uses_any` sees
    them) calls it: ``print(f(u))``, not ``g(f)`` or ``h = jax.jit(f)``."""
    called = {id(c.func) for c in _walk(node) if type(c) is cst.Call}
    return all(id(n) in called for n in _walk(node) if type(n) is cst.Name and n.value == name)


def _wraps_itself(node: cst.CSTNode, name: str) -> bool:
    """``name = jax.jit(name)``: the name bound to a transform of what it held, which the
    call does not run (the one mention of ``name`` is the call's first argument)."""
    if type(node) is not cst.Assign or len(node.targets) != 1:
        return False
    target, value = node.targets[0].target, node.value
    return type(target) is cst.Name and target.value == name and type(value) is cst.Call \
        and bool(value.args) and type(value.args[0].value) is cst.Name \
        and value.args[0].value.value == name and value.args[0].keyword is None \
        and sum(1 for n in _walk(value) if type(n) is cst.Name and n.value == name) == 1


def _changes_in_place(node: cst.CSTNode, name: str) -> int:
    """How many in-place changes of ``name`` an event makes as the index counts them (a
    mutating method call, a store into an item or attribute, a ``del`` of one), outside
    the bodies of functions, lambdas and classes and of a compound statement's blocks."""
    found = 0
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef)):
            stack.extend(d.decorator for d in current.decorators)
            continue
        if type(current) is cst.Lambda:
            continue
        if type(current) is cst.For:
            stack.extend([current.iter, current.target])
            continue
        if type(current) is cst.With:
            stack.extend(item.item for item in current.items)
            continue
        if type(current) is cst.Call and type(current.func) is cst.Attribute \
                and current.func.attr.value in MUTATING_METHODS \
                and mutated_base(current.func.value, allow_name=True) == name:
            found += 1
        targets = [t.target for t in current.targets] if type(current) is cst.Assign else \
            [current.target] if isinstance(current, (cst.AugAssign, cst.AnnAssign, cst.Del)) \
            else []
        found += sum(1 for t in targets if isinstance(t, (cst.Subscript, cst.Attribute))
                     and mutated_base(t) == name)
        push_children(current, stack)
    return found


def _path_to(module: cst.Module, target: cst.CSTNode) -> list[cst.CSTNode]:
    """The nodes from a statement of ``module`` down to ``target`` (both included)."""
    stack: list[tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = [(s, ()) for s in module.body]
    while stack:
        current, path = stack.pop()
        path = path + (current,)
        if current is target:
            return list(path)
        stack.extend((child, path) for child in children(current))
    return []


def _bound_value(node: cst.CSTNode) -> cst.BaseExpression | None:
    """What a statement binds its names to: an assignment's value, a loop's iterable, the
    context managers of a `with`."""
    if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
        return node.value
    if type(node) is cst.For:
        return node.iter
    if type(node) is cst.With:
        return cst.Tuple([cst.Element(item.item) for item in node.items])
    return None


def _reads(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether ``node`` names one of ``names`` other than as the name it binds."""
    if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)):
        targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
            else [node.target]
        return node.value is not None and uses_any(node.value, names) or any(
            type(t) is not cst.Name and uses_any(t, names) for t in targets)
    if type(node) is cst.For:
        return uses_any(node.iter, names)
    return uses_any(node, names)


def _holds(value: cst.BaseExpression, names: set[str], factories: set[str]) -> bool:
    """``jax.jit(f)``, ``[f, g]``, ``make_step()`` for a function returning one."""
    if holds_function(value, names):
        return True
    return any(type(c) is cst.Call and type(c.func) is cst.Name and c.func.value in factories
               for c in _walk(value))


def _plain_targets(node: cst.CSTNode) -> bool:
    """Whether an assignment binds only names (not `REGISTRY["a"] = step`, `cfg.fn = step`)."""
    if type(node) is cst.Assign:
        targets = [t.target for t in node.targets]
    elif type(node) is cst.AnnAssign:
        targets = [node.target]
    else:
        return False  # `fns += [step]` extends what is already there
    return all(
        target_names(t) and not any(isinstance(n, (cst.Attribute, cst.Subscript))
                                    for n in _walk(t)) for t in targets)


def _stores_call(value: cst.CSTNode, names: set[str]) -> bool:
    """``fns.append(step)``: the function goes into a container, whose uses are lost."""
    return type(value) is cst.Call and type(value.func) is cst.Attribute \
        and value.func.attr.value in MUTATING_METHODS \
        and any(holds_function(arg.value, names) for arg in value.args)


def _stores_away(function: cst.FunctionDef, names: set[str]) -> bool:
    """A function that keeps one of ``names`` beyond its call: in a global, an attribute, an
    item or a container (`REGISTRY["a"] = step`, `fns.append(step)`)."""
    for node in _walk(function.body):
        if type(node) is cst.Global:
            return True
        if isinstance(node, (cst.Assign, cst.AugAssign, cst.AnnAssign)) \
                and node.value is not None and holds_function(node.value, names) \
                and not _plain_targets(node):
            return True
        if type(node) is cst.Call and _stores_call(node, names):
            return True
    return False


def _returns_held(unit: Unit, names: set[str]) -> bool:
    """A function returning one of ``names``, a wrapper of one (``jax.jit(step)``), or a
    local function or lambda naming one: what its calls return can run the reader."""
    node = unit.node
    if type(node) is not cst.FunctionDef:
        return False
    local = {n for n, inner in unit.nested.items() if reads_any(inner.node, names)}
    for bound in _walk(node.body):  # `f = lambda s: step(s)`, `fn = jax.jit(step)`
        if isinstance(bound, (cst.Assign, cst.AnnAssign)) and bound.value is not None \
                and holds_function(bound.value, names):
            local |= set(bound_names(bound))
    for returned in _walk(node.body):
        if isinstance(returned, (cst.Return, cst.Yield)) and returned.value is not None \
                and _escapes(returned.value, names | local):
            return True
    return False


def _names_any(function: cst.FunctionDef, names: set[str]) -> bool:
    """Whether a function's body, decorators or defaults name one of ``names`` (its own
    name aside)."""
    return reads_any(function.body, names) or reads_any(function.params, names) \
        or any(reads_any(d, names) for d in function.decorators)


def _escapes(value: cst.CSTNode, names: set[str]) -> bool:
    """Whether a returned value holds one of ``names``: the call of a function computes a
    result, only the calls of wrappers (``jax.jit``, ``partial``) keep the function."""
    stack = [value]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value in names:
            return True
        if type(current) is cst.Call:
            func = current.func
            last = func.attr.value if type(func) is cst.Attribute else \
                func.value if type(func) is cst.Name else ""
            if last not in FUNCTION_WRAPPERS:
                continue
            stack.extend(arg.value for arg in current.args)
            continue
        push_children(current, stack)
    return False


def _exported_names(module: cst.Module) -> set[str]:
    """The names listed in ``__all__``: importers may run them after any rebinding."""
    found: set[str] = set()
    for line in module.body:
        for small in line.body if type(line) is cst.SimpleStatementLine else ():
            if isinstance(small, (cst.Assign, cst.AugAssign, cst.AnnAssign)) and any(
                    n.value == "__all__" for n in names_in(small)) and small.value is not None:
                found |= {s.evaluated_value for s in _walk(small.value)
                          if type(s) is cst.SimpleString and isinstance(s.evaluated_value, str)}
    return found


def _may_run(statement: cst.CSTNode) -> bool:
    """Whether running ``statement`` may call something: a call outside the bodies of the
    functions and lambdas it defines (defining a function runs only its decorators, taken
    to run nothing of the module's)."""
    if type(statement) is cst.FunctionDef:
        return False
    stack = [statement]
    while stack:
        current = stack.pop()
        if type(current) is cst.Call:
            return True
        if type(current) is not cst.FunctionDef and type(current) is not cst.Lambda:
            push_children(current, stack)
    return False


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        push_children(current, stack)
