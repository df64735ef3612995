"""Which module globals and closure variables can change after a function is traced."""

from __future__ import annotations

import re
from collections import Counter

import libcst as cst

from jaxpure.analysis.catalog.arrays import is_mutable_value
from jaxpure.analysis.catalog.side_effects import MUTATING_METHODS
from jaxpure.analysis.module.attribute_reads import overlapping, read_attributes
from jaxpure.analysis.module.index import ModuleIndex, Unit, refers_to_module
from jaxpure.analysis.module.rebinding import rebound_between_uses
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.swaps import swapped_paths, swaps, writes_of
from jaxpure.analysis.syntax import (
    contains,
    names_in,
    lazily_initialised,
    own_statements,
    reads_any,
    key_path,
    returned_values,
    statements,
    target_names,
)

MUTATED = "is mutated in place elsewhere in the module"
GLOBAL_WRITE = "is reassigned by a `global` statement in a function"
CONTEXT_MANAGER_DECORATORS = frozenset({"contextlib.contextmanager",
                                        "contextlib.asynccontextmanager"})
CONSTANT_CASE = re.compile(r"^_*[A-Z][A-Z0-9_]*$")
_ENTER_EXIT = frozenset({"__enter__", "__exit__", "__aenter__", "__aexit__"})
# the augmented assignment that undoes another
_UNDO = {"AddAssign": "SubtractAssign", "SubtractAssign": "AddAssign"}
# a push onto a stack and the pop that undoes it (a list, a deque, a stack object)
_STACK_UNDO = {"append": "pop", "appendleft": "popleft", "push": "pop"}


class StaleNames:
    """Answers "can this global/closure variable change after tracing, and why?"."""

    def __init__(self, index: ModuleIndex, resolver: Resolver,
                 module: cst.Module | None = None) -> None:
        self.index = index
        self.resolver = resolver
        self._module = module
        # the order module code runs its traced functions in (the resolver's: it knows the
        # units traced through callers in other modules, which may run at any time)
        self._order = resolver.module_order() if module is not None else None
        # values assigned in the `__main__` block before it calls anything of the module
        self._set_up_in_main = main_block_setup(module, index) if module is not None else set()
        registrars = self._registrars = import_time_decorators(index) | registering_functions(index)
        self._mutated = index.mutated_module_names(skip=registrars)
        self._stored = index.mutated_module_names(stores_only=True, skip=registrars)
        # registries: filled by import-time decorators and by nothing else
        self._registries = index.mutated_module_names() - self._mutated
        self._cache: dict[tuple[str, int], str | None] = {}

    def module_reason(self, name: str, attribute: str | None = None,
                      reader: Unit | None = None, item: str | None = None) -> str | None:
        """Why ``name`` (read as ``name.attribute`` or ``name["item"]`` when given, by the
        function ``reader``) can change after tracing."""
        cache_key = (name, _top_order(reader))
        if cache_key not in self._cache:
            self._cache[cache_key] = self._module_reason(name, cache_key[1], reader)
        reason = self._cache[cache_key]
        if reason == GLOBAL_WRITE and self._swapped_only_by(name, reader):
            # `global SCALE; saved = SCALE; SCALE = 2.0 ... SCALE = saved` by the reader alone
            reason = self._module_reason(name, cache_key[1], reader, swapped=True)
        if reason == MUTATED and item is not None:
            written = self._only_items_written(name)
            if written is not None and item not in written:
                return None  # `CONFIG["log_every"] = 1` does not change `CONFIG["lr"]`
        if reason is None:
            written = self.index.attribute_stores.get(name, set())
            if written and (attribute is None or attribute in written) \
                    and not (attribute is not None
                             and self._swapped_only_by(f"{name}.{attribute}", reader)):
                what = f"`{name}.{attribute}`" if attribute else "an attribute of it"
                return f"has {what} assigned in a function"
        return reason

    def _swapped_only_by(self, path: str, reader: Unit | None) -> bool:
        """``reader`` saves the place ``path`` (``nn.CALLBACK``, or a global name), sets it
        and puts the saved value back (module/swaps.py), and every other function that
        writes it swaps it too: the value it reads is its own, for the length of its trace,
        and the same before and after every call. Another traced function that reads it may
        be traced inside a swap, and stays stale."""
        if reader is None or path not in swapped_paths(reader.node):
            return False
        if "." not in path:
            writers = [u for u in self.index.units
                       if path in u.declared_global and path in u.assigned]
        else:
            writers = [u for u in self.index.units
                       if type(u.node) is cst.FunctionDef and writes_of(u.node.body, path)]
        return all(u is reader or path in swapped_paths(u.node) for u in writers)

    def _module_reason(self, name: str, defined_at: int, reader: Unit | None,
                       swapped: bool = False) -> str | None:
        index = self.index
        if name in index.import_names or name in index.def_names or name.startswith("__"):
            return None
        bindings = index.bindings.get(name, [])
        if not bindings or self._scoped_by_context_managers(name, bindings):
            return None
        if self._filled_at_import(name, reader):
            return None
        if name in index.global_writes and not swapped and not self._writers_clear_caches(name) \
                and not self._lazily_initialised(name, bindings):
            return GLOBAL_WRITE
        top = [b for b in bindings if not b.nested]
        if any(b.augmented and (b.nested or b.order > defined_at) for b in bindings):
            # `y += noise` in a data cell above the jitted reader's definition runs before
            # any trace of it (tinygp's tutorials); one after it, or in a block, may not
            return "is updated in place with an augmented assignment"
        # a rebinding before the function is even defined (an import-time override,
        # `if os.environ...: HIDDEN = 4`) happens before any trace
        if top and len(bindings) >= 2 and any(
                b.order > defined_at and id(b.value) not in self._set_up_in_main
                for b in bindings[1:]) and self._rebound_between_runs(name, reader):
            return "is reassigned after it is defined"
        if name in self._registries:
            return None
        kind = is_mutable_value(bindings[0].value, lambda e: self.resolver.qualname(e, None)) \
            if len(bindings) == 1 else None
        if name in self._stored and self._changed_after(name, defined_at, reader) or (
                name in self._mutated and kind is not None
                and self._changed_after(name, defined_at, reader)):
            return MUTATED
        return None

    def _rebound_between_runs(self, name: str, reader: Unit | None) -> bool:
        """A notebook section rebinding `shift` for the next system after the last run of
        the previous section's jitted function meets no trace (module_rebinding.py)."""
        order = self._order
        return reader is None or order is None or order.rebound_between_runs(name, reader)

    def _changed_after(self, name: str, defined_at: int, reader: Unit | None) -> bool:
        """Mutated by a function, or by module code (a call, `TABLE.fill(0)`, or a store
        after the reader is defined) between two runs of the reader in module order: a table
        filled in place by import-time code before it is set-up, and so is a list a
        notebook fills before it first runs the jitted function (module_rebinding.py)."""
        index = self.index
        if any(unit is not None and base == name and id(unit) not in self._registrars
               and refers_to_module(unit, name) for unit, base in index.mutations):
            return True
        module_level = sum(1 for unit, base in index.mutations if unit is None and base == name)
        stores = index.module_store_orders.get(name, [])
        if module_level <= len(stores) and all(o < defined_at for o in stores):
            return False
        order = self._order
        return reader is None or order is None or order.changed_between_runs(
            name, reader, module_level)

    def _only_items_written(self, name: str) -> set[str] | None:
        """The keys written when every in-place change of the module global ``name`` is an
        item store with a literal key (``NAME["key"] = v``); None otherwise."""
        # module-level stores (`HP["scale"] = 3.0`) run at import, before any trace
        keys = {key for unit, base, key in self.index.literal_item_stores
                if base == name and unit is not None and refers_to_module(unit, name)}
        literal = sum(1 for unit, base, _ in self.index.literal_item_stores
                      if base == name and refers_to_module(unit, name))
        mutations = sum(1 for unit, base in self.index.mutations
                        if base == name and refers_to_module(unit, name))
        return keys if literal and literal == mutations else None

    def _filled_at_import(self, name: str, reader: Unit | None) -> bool:
        """Every function that changes ``name`` is a private module-level helper that only
        statements of the module body above the reader's definition name (``_build_vocab(
        "abc")`` filling a table at import): its writes are done before anything can trace
        the reader, which reads the filled value on every trace. In a notebook, which no
        code imports, a public helper is as private (evojax's Lenia notebook: a setup cell
        calls ``load_pattern``, whose ``global n_kernel`` sets the sizes the next cells'
        jitted functions read)."""
        if reader is None or self._module is None:
            return False
        writers = {id(u): u for u, base in self.index.mutations
                   if base == name and u is not None and refers_to_module(u, name)}
        writers.update((id(u), u) for u in self.index.units
                       if name in u.declared_global and name in u.assigned)
        private = self.index.unimported
        if not writers or any(u.parent is not None or u.parent_is_class
                              or not (private or u.name.startswith("_"))
                              for u in writers.values()):
            return False
        top = reader
        while top.parent is not None:
            top = top.parent
        body = self._module.body
        reader_at = next((i for i, s in enumerate(body) if contains(s, top.node)), None)
        if reader_at is None:
            return False
        helpers = {u.name for u in writers.values()}
        for at, statement in enumerate(body):
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and \
                    getattr(statement.name, "value", None) in helpers:
                continue  # the helper's own definition
            named = any(n.value in helpers for n in names_in(statement, attributes=False))
            if named and (at > reader_at or isinstance(statement, (cst.FunctionDef, cst.ClassDef))):
                return False
        return True

    def _scoped_by_context_managers(self, name: str, bindings: list) -> bool:
        """``name`` is bound once at module level and changed only by context managers
        (``__enter__``/``__exit__`` methods, ``@contextmanager`` generators): scoped
        configuration, such as a stack of effect handlers or a flag set for a ``with``
        block, which code traced inside the block reads at trace time on purpose."""
        if len([b for b in bindings if not b.nested]) != 1 or len(bindings) != 1:
            return False
        index = self.index
        writers = [u for u in index.units if name in u.declared_global and name in u.assigned]
        writers += [u for u, base in index.mutations
                    if base == name and u is not None and refers_to_module(u, name)]
        if any(u is None and base == name for u, base in index.mutations):
            return False
        return bool(writers) and all(self._in_context_manager(u) for u in writers)

    def _in_context_manager(self, unit: Unit | None) -> bool:
        while unit is not None:
            if self._in_context_manager_here(unit):
                return True
            unit = unit.parent
        return False

    def restored_on_exit(self, unit: Unit | None, name: str,
                         written: cst.BaseExpression | None = None) -> bool:
        """``unit`` (or a function it is nested in) is a context manager that writes the
        global or closure variable ``name`` on entry and undoes the write on exit
        (``LEVEL += 1`` ... ``finally: LEVEL -= 1``, or ``saved = FLAG; FLAG = True`` ...
        ``FLAG = saved``): a nesting counter or a flag scoped to the ``with`` block; or
        ``unit`` itself swaps the place ``written`` and puts the saved value back before it
        returns (module/swaps.py). Traced code leaves the value as it found it, on every
        trace."""
        if unit is not None and written is not None and swaps(unit.node, written, self.getter):
            return True
        while unit is not None and not self._in_context_manager_here(unit):
            unit = unit.parent
        if unit is None:
            return False
        bodies = [unit.node]
        if unit.parent_is_class:
            bodies = [u.node for u in self.index.units if u.parent_is_class
                      and u.class_name == unit.class_name and u.parent is unit.parent
                      and u.name in _ENTER_EXIT]
        return writes_undone(bodies, name)

    def getter(self, call: cst.Call, path: str) -> bool:
        """``current_mapping()``: a call, without arguments, of a module function whose
        every ``return`` gives the place ``path`` or None (what a saved read would hold)."""
        unit = self.index.defs.get(call.func.value) if type(call.func) is cst.Name \
            and not call.args else None
        if unit is None or type(unit.node) is not cst.FunctionDef:
            return False
        returned = [key_path(value) for value in returned_values(unit.node)]
        return path in returned and all(found in (path, "None") for found in returned)

    def _in_context_manager_here(self, unit: Unit) -> bool:
        """``unit`` itself is an ``__enter__``/``__exit__`` method or a ``@contextmanager``
        generator (not merely nested in one)."""
        if unit.parent_is_class and unit.name in _ENTER_EXIT:
            return True
        return type(unit.node) is cst.FunctionDef and any(
            self.resolver.qualname(d.decorator, unit.parent) in CONTEXT_MANAGER_DECORATORS
            for d in unit.node.decorators)

    def _lazily_initialised(self, name: str, bindings: list) -> bool:
        """``_TABLE = None`` at module level, and every function that rebinds it through
        ``global`` does so under ``if _TABLE is None:``: a memo, set once and then constant."""
        top = [b for b in bindings if not b.nested]
        if len(top) != 1 or not (type(top[0].value) is cst.Name and top[0].value.value == "None"):
            return False
        writers = [u for u in self.index.units
                   if name in u.declared_global and name in u.assigned]
        return bool(writers) and all(type(u.node) is cst.FunctionDef
                                     and lazily_initialised(u.node, name) for u in writers)

    def _writers_clear_caches(self, name: str) -> bool:
        """Every function that rebinds ``name`` through ``global`` also drops the compiled
        code (``step.clear_cache()``, ``jax.clear_caches()``): the next call retraces."""
        writers = [u for u in self.index.units
                   if name in u.declared_global and name in u.assigned]
        return bool(writers) and all(
            any(type(c.func) is cst.Attribute and c.func.attr.value == "clear_cache"
                or self.resolver.qualname(c.func, u) == "jax.clear_caches" for c in u.calls)
            for u in writers)

    def _unread_item_stores(self, name: str, reader: Unit | None) -> Counter[int]:
        """By function, the stores below attributes of ``name`` that ``reader`` never
        reads (``self.info[k] = v`` beside a closure reading only ``self.scale``,
        ``cfg.logging.name = v`` beside one reading only ``cfg.model.width``)."""
        stores = self.index.attribute_item_stores
        if reader is None or not any(base == name for _, base, _ in stores):
            return Counter()
        return _unread_counts(stores, name, read_attributes(reader.node, name))

    def closure_reason(self, name: str, owner: Unit, reader: Unit | None = None) -> str | None:
        defined_at = _order_within(reader, owner)
        orders = owner.binding_orders.get(name, [])
        # `final_params *= 1 + 1j` before `def objective(...)` is defined: every trace sees
        # the one updated value (optax's test targets)
        if name in owner.augmented and (defined_at is None or any(o > defined_at for o in orders)):
            return f"is updated in `{owner.name}` with an augmented assignment"
        if len(orders) >= 2 and defined_at is not None and any(o > defined_at for o in orders) \
                and (reader is None or rebound_between_uses(owner, name, reader)):
            return f"is reassigned in `{owner.name}` after the traced function is defined"
        unread = self._unread_item_stores(name, reader)
        for unit, mutated in self.index.store_mutations:
            if mutated == name and unit is not None and not refers_to_module(unit, name) \
                    and _binding_owner(unit, name) is owner:
                if unread[id(unit)] > 0:
                    unread[id(unit)] -= 1  # `self.info[k] = v`, `info` unread by the reader
                    continue
                if unit is owner and defined_at is not None and (all(
                        o < defined_at for o in owner.store_orders.get(name, []))
                        or reader is not None
                        and not rebound_between_uses(owner, name, reader, in_place=True)):
                    # `a[1, 1:] = 1` filled in before the traced function exists, or
                    # changed only before its first use or after its last
                    continue
                return f"is mutated in place in `{owner.name}`"
        for unit in self.index.units:
            if name in unit.declared_nonlocal and name in unit.assigned \
                    and _binding_owner(unit.parent, name) is owner:
                return f"is reassigned through `nonlocal` in `{unit.name}`"
        return None


def _unread_counts(stores: list[tuple[Unit | None, str, str]], name: str,
                   read: set[str] | None) -> Counter[int]:
    return Counter(id(unit) for unit, base, path in stores if base == name and read is not None
                   and not any(overlapping(path, r) for r in read))


def writes_undone(functions: list[cst.FunctionDef | cst.Lambda], name: str) -> bool:
    """Every write to ``name`` in ``functions`` is undone by another: augmented assignments
    that cancel (``+= 1`` beside ``-= 1``), a plain write restoring a local that saved the
    value first (``saved = FLAG`` ... ``FLAG = saved``), each new value paired with the
    restore, or pushes onto a stack each paired with a pop (``STACK.append(x)`` on entry,
    ``STACK.pop()`` on exit; any other change of the stack is not undone)."""
    augmented: Counter[tuple[str, str]] = Counter()
    saved: set[str] = set()
    plain: list[cst.BaseExpression] = []
    stack: Counter[str] = Counter()  # pushes onto `name` and pops off it, by method
    for function in functions:
        for node in own_statements(function.body) \
                if type(function) is cst.FunctionDef else ():
            method = _stack_method(node, name)
            if method is not None:
                stack[method] += 1
            elif type(node) is cst.AugAssign and type(node.target) is cst.Name \
                    and node.target.value == name:
                operator = type(node.operator).__name__
                augmented[(operator, cst.Module([]).code_for_node(node.value))] += 1
            elif type(node) is cst.Assign:
                if type(node.value) is cst.Name and node.value.value == name:
                    saved.update(n for t in node.targets for n in target_names(t.target))
                if any(type(t.target) is cst.Name and t.target.value == name for t in node.targets):
                    plain.append(node.value)
    if not augmented and not plain and not stack:
        return False
    if any(method not in _STACK_UNDO and method not in _STACK_UNDO.values() for method in stack) \
            or any(stack[pop] != sum(stack[push] for push in _STACK_UNDO if _STACK_UNDO[push] == pop)
                   for pop in set(_STACK_UNDO.values())):
        return False  # `STACK.append(x)` on entry, `STACK.pop()` on exit: one for one
    for (operator, amount), count in augmented.items():
        if augmented[(_UNDO.get(operator, ""), amount)] != count:
            return False
    restores = [v for v in plain if type(v) is cst.Name and v.value in saved]
    return len(restores) * 2 >= len(plain) if plain else True


def _stack_method(node: cst.CSTNode, name: str) -> str | None:
    """``name.append(x)`` / ``name.pop()`` as a statement (or ``top = name.pop()``): the
    mutating method it calls on ``name`` (a push or a pop of _STACK_UNDO, or another)."""
    value = node.value if type(node) is cst.Expr or type(node) is cst.Assign else None
    if type(value) is not cst.Call or type(value.func) is not cst.Attribute \
            or type(value.func.value) is not cst.Name or value.func.value.value != name:
        return None
    method = value.func.attr.value
    return method if method in MUTATING_METHODS or method == "push" else None


def main_block_setup(module: cst.Module, index: ModuleIndex) -> set[int]:
    """Values assigned by plain statements of ``if __name__ == "__main__":`` before the first
    statement that refers to a function or class of the module: a script's configuration
    (``temperature = args.temperature``), set before anything can be traced."""
    found: set[int] = set()
    own = index.def_names | set(index.class_nodes)
    for statement in module.body:
        if not (type(statement) is cst.If and is_main_test(statement.test)):
            continue
        for line in statements(statement.body):
            if reads_any(line, own):
                break
            for inner in line.body if type(line) is cst.SimpleStatementLine else ():
                if isinstance(inner, (cst.Assign, cst.AnnAssign)) and inner.value is not None:
                    found.add(id(inner.value))
    return found


def is_main_test(test: cst.BaseExpression) -> bool:
    return type(test) is cst.Comparison and len(test.comparisons) == 1 \
        and type(test.comparisons[0].operator) is cst.Equal \
        and {_text(test.left), _text(test.comparisons[0].comparator)} == {"__name__", "__main__"}


def _text(node: cst.BaseExpression) -> str | None:
    if type(node) is cst.Name:
        return node.value
    if type(node) is cst.SimpleString:
        return node.evaluated_value if isinstance(node.evaluated_value, str) else None
    return None


def import_time_decorators(index: ModuleIndex) -> set[int]:
    """Functions that run only while the module is imported: decorators applied to module-level
    definitions (``@register``), and the functions a decorator factory (``@register("x")``)
    returns. What they store into a global (a registry of activations, of pytree types) is
    in place before any jitted function can be called."""
    applied: set[str] = set()
    for node in (*(u.node for u in index.units if u.parent is None), *index.class_nodes.values()):
        for decorator in getattr(node, "decorators", ()):
            expr = decorator.decorator
            if type(expr) is cst.Call:
                expr = expr.func
            if type(expr) is cst.Name:
                applied.add(expr.value)
    found: set[int] = set()
    for unit in index.units:
        if unit.parent is not None or unit.name not in applied:
            continue
        found.add(id(unit))
        returned = {v.value for v in returned_values(unit.node) if type(v) is cst.Name}
        found.update(id(inner) for name, inner in unit.nested.items() if name in returned)
    return found


def registering_functions(index: ModuleIndex) -> set[int]:
    """Module-level functions that register a callable by name, and change module globals in
    no other way: every in-place change they make is ``REGISTRY[name] = ctor`` keyed by one
    of their parameters, with a parameter annotated as a callable or a class (navix's
    ``register_env(name: str, ctor: Callable)``, called at import time by the modules that
    define the environments). The registry only grows by name: what a trace looked up
    stays, whatever is registered after it."""
    changes: dict[int, int] = {}  # id of a function -> its in-place changes of names
    touched: set[int] = set()  # the functions among them that change a module global
    for owner, base in index.mutations:
        if owner is not None and owner.parent is None and not owner.parent_is_class:
            changes[id(owner)] = changes.get(id(owner), 0) + 1
            if not owner.binds(base):
                touched.add(id(owner))
    found: set[int] = set()
    for unit in index.units:
        changed = changes.get(id(unit))
        if changed is None or id(unit) not in touched or type(unit.node) is not cst.FunctionDef:
            continue
        stores = [small for small in own_statements(unit.node.body) if type(small) is cst.Assign
                  and _registers(unit, small)]
        if len(stores) == changed:
            found.add(id(unit))
    return found


def _registers(unit: Unit, assign: cst.Assign) -> bool:
    """``REGISTRY[name] = ctor``: a global subscripted by a parameter, given a parameter
    annotated as a callable or a class."""
    if len(assign.targets) != 1 or type(assign.value) is not cst.Name:
        return False
    target = assign.targets[0].target
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name \
            or unit.binds(target.value.value) or len(target.slice) != 1 \
            or type(target.slice[0].slice) is not cst.Index:
        return False
    key = target.slice[0].slice.value
    value = unit.param(assign.value.value)
    return type(key) is cst.Name and unit.param(key.value) is not None and value is not None \
        and value.annotation is not None and _names_callable(value.annotation)


def _names_callable(annotation: cst.BaseExpression) -> bool:
    """``Callable``, ``Callable[..., Env]``, ``type``, ``Type[Env]``, ``typing.Callable``."""
    node = annotation.value if type(annotation) is cst.Subscript else annotation
    name = node.attr.value if type(node) is cst.Attribute else getattr(node, "value", None)
    return name in ("Callable", "type", "Type")


def _binding_owner(unit: Unit | None, name: str) -> Unit | None:
    while unit is not None:
        if unit.binds(name) and name not in unit.declared_nonlocal:
            return unit
        unit = unit.parent
    return None


def _top_order(unit: Unit | None) -> int:
    """Where the module-level function containing ``unit`` is defined (0: module code)."""
    if unit is None:
        return 0
    while unit.parent is not None:
        unit = unit.parent
    return unit.order


def _order_within(unit: Unit | None, owner: Unit) -> int | None:
    """Where the function of ``owner`` that contains ``unit`` is defined."""
    while unit is not None and unit.parent is not owner:
        unit = unit.parent
    return unit.order if unit is not None else None
