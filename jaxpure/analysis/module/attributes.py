"""Which attributes of ``self`` a jitted method bakes in, and which methods change them.

``self._step = jax.jit(self._update)`` traces ``_update`` once with ``self`` bound: every
``self.lr`` it reads becomes a constant of the compiled function. The same holds for
``@partial(jax.jit, static_argnums=0)`` on a method (``self`` is hashed by identity, so the
same instance hits the cache). If another method of the class later reassigns ``self.lr``
or mutates it in place, the jitted method keeps using the old value.

Only the plain caching transforms count: under ``eqx.filter_jit`` and ``nnx.jit`` the
module is an argument (its arrays are traced, its state passed in and out), and a method
that is a traced pytree argument under ``jax.jit`` reads leaves, not constants.
"""

from __future__ import annotations

from dataclasses import dataclass
import libcst as cst

from jaxpure.analysis.module.index import MUTATING_METHODS, ModuleIndex, Unit
from jaxpure.analysis.syntax import NODE_TYPES, call_arg, CHILD_FIELDS
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.traced import PARTIAL, TracedAnalysis
from jaxpure.analysis.catalog.arrays import is_mutable_value
from jaxpure.analysis.catalog.side_effects import HOST_CALLBACKS

# run before the object can be used: what they set is in place before any trace
INIT_METHODS = frozenset({"__init__", "__post_init__", "__new__", "setup", "__setstate__"})
# methods named like container mutators that other objects also have (`opt.update(...)`):
# they count only on an attribute that the class builds as a container
AMBIGUOUS_MUTATORS = frozenset({"update", "add", "fill", "put", "resize", "itemset", "sort",
                                "reverse", "pop", "clear"})
# classes from these libraries manage their own state (frozen modules, nnx Variables)
MODULE_LIBRARIES = ("flax.", "equinox.", "haiku.", "chex.", "penzai.", "treescope.")
# checkpoint re-traces its function whenever the caller is traced (and eagerly, each call)
NOT_CACHED = frozenset({"jax.checkpoint"})
CLEAR_CACHE = frozenset({"jax.clear_caches", "jax.clear_backends"})


@dataclass(frozen=True)
class Write:
    method: str  # the method of the class that makes the change
    path: tuple[str, ...]  # ("lr",) for `self.lr = v`; ("cfg", "lr") for `self.cfg.lr = v`
    how: str  # "reassigned", "updated with an augmented assignment", "mutated in place"


class SelfAttributes:
    """Answers "does this jitted method bake in ``self.attr``, and what changes it later?"."""

    def __init__(self, module: cst.Module, index: ModuleIndex, resolver: Resolver,
                 traced: TracedAnalysis) -> None:
        self.module = module
        self.index = index
        self.resolver = resolver
        self.traced = traced
        self._writes: dict[str, list[Write]] = {}
        self._containers: dict[str, set[str]] = {}
        self._import_time: set[str] | None = None
        self.baked = self._find_baked()

    # -- which methods have `self` baked in ---------------------------------------------
    def method_of(self, unit: Unit | None) -> Unit | None:
        """The method (a function defined directly in a class body) containing ``unit``."""
        while unit is not None and not unit.parent_is_class:
            unit = unit.parent
        return unit

    def _find_baked(self) -> dict[int, str]:
        """id(method) -> the caching transform that traces it with ``self`` bound or static."""
        baked: dict[int, str] = {}
        assigned: set[int] | None = None
        for origin in self.traced.origins:
            t, target = origin.transform, origin.target
            if not t.caching or t.filtered or t.kind != "wrap" or t.inherit or t.name in NOT_CACHED:
                continue
            if not target.parent_is_class or target.is_staticmethod or _is_classmethod(target):
                continue
            first = self_param(target)
            if first is None or not self._plain_class(target.class_name):
                continue
            node = origin.node
            if type(node) is cst.Call and assigned is None:
                assigned = self._persisted_calls()
            if type(node) is cst.Call and assigned is not None and id(node) in assigned:
                # `self._step = jax.jit(self._update)`: the wrapper outlives the call
                fun = call_arg(node, 0, "fun")
                if type(fun) is cst.Call and \
                        self.resolver.qualname(fun.func, origin.container) == PARTIAL:
                    fun = call_arg(fun, 0)
                if _is_bound_method(fun, self.index):
                    baked.setdefault(id(target), t.name)
            elif type(target.node) is cst.FunctionDef and \
                    any(d.decorator is node for d in target.node.decorators):
                # `@partial(jax.jit, static_argnums=0)`: self is hashed, by identity
                if first in origin.static and not self._hashes_by_value(target.class_name):
                    baked.setdefault(id(target), t.name)
        # `self._helper(x)` or `jax.grad(self._loss)` in a baked method: the same object,
        # bound the same way
        links: list[tuple[Unit, Unit, cst.BaseExpression | None]] = [
            (caller, callee, call.func) for caller, callee, call in self.traced.edges]
        links += [(o.container, o.target, call_arg(o.node, 0)) for o in self.traced.origins
                  if o.container is not None and type(o.node) is cst.Call]
        changed = True
        while changed:
            changed = False
            for caller, callee, func in links:
                if id(callee) in baked or not callee.parent_is_class or callee.is_staticmethod:
                    continue
                method = self.method_of(caller)
                if method is None or id(method) not in baked or callee.class_name != method.class_name:
                    continue
                if type(func) is cst.Attribute and type(func.value) is cst.Name \
                        and func.value.value == self_param(method) \
                        and self.self_name_refers(caller, method, func.value.value):
                    baked[id(callee)] = baked[id(method)]
                    changed = True
        return baked

    def _persisted_calls(self) -> set[int]:
        """Calls whose result is stored in an attribute, an item or a module-level name."""
        found: set[int] = set()

        def walk(node: cst.CSTNode, module_level: bool) -> None:
            if isinstance(node, (cst.Assign, cst.AnnAssign)):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                    else [node.target]
                if node.value is not None and any(
                        isinstance(t, (cst.Attribute, cst.Subscript)) or
                        module_level and type(t) is cst.Name for t in targets):
                    found.add(id(node.value))
            for name in CHILD_FIELDS[type(node)]:
                value = getattr(node, name)
                if type(value) in NODE_TYPES:
                    walk(value, module_level and not isinstance(
                        value, (cst.FunctionDef, cst.Lambda, cst.ClassDef)))
                elif type(value) in (tuple, list):
                    for item in value:
                        if type(item) in NODE_TYPES:
                            walk(item, module_level and not isinstance(
                                item, (cst.FunctionDef, cst.Lambda, cst.ClassDef)))

        for statement in self.module.body:
            walk(statement, True)
        return found

    def _plain_class(self, name: str | None) -> bool:
        node = self.index.class_nodes.get(name or "")
        if node is None:
            return False
        for arg in (*node.bases, *node.keywords):
            qual = self.resolver.qualname(arg.value, None)
            if qual is not None and qual.startswith(MODULE_LIBRARIES):
                return False
        return True

    def _hashes_by_value(self, name: str | None) -> bool:
        """The class is a dataclass or a pytree: frozen (a write fails), unhashable (no static
        ``self`` at all) or traced by leaf. A hand-written ``__hash__``/``__eq__`` is no help:
        jit keeps the static object it saw, so an attribute changed later in place still
        meets the old trace (checked under jax 0.10)."""
        node = self.index.class_nodes.get(name or "")
        if node is None:
            return True
        for decorator in node.decorators:
            expr = decorator.decorator
            if type(expr) is cst.Call:
                expr = expr.func
            qual = self.resolver.qualname(expr, None) or ""
            if qual.endswith("dataclass") or "struct" in qual or "pytree" in qual:
                return True
        return False

    def self_name_refers(self, unit: Unit | None, method: Unit, name: str) -> bool:
        """Whether ``name`` read in ``unit`` (inside ``method``) is the method's ``self``."""
        if name in method.assigned:
            return False
        while unit is not None and unit is not method:
            if unit.binds(name):
                return False
            unit = unit.parent
        return unit is method

    # -- which attributes change after construction -------------------------------------
    def writes(self, class_name: str) -> list[Write]:
        found = self._writes.get(class_name)
        if found is None:
            found = self._writes[class_name] = self._collect_writes(class_name)
        return found

    def _collect_writes(self, class_name: str) -> list[Write]:
        methods = self.index.classes.get(class_name, {})
        init_only = self._init_only(class_name)
        writes: list[Write] = []
        for method in methods.values():
            if method.name in INIT_METHODS or method.name in init_only \
                    or method.is_staticmethod or _is_classmethod(method):
                continue
            info = self.traced.info.get(id(method))
            if info is not None and info.traced:
                continue  # a write inside a trace is a side effect (JXP601's), not a change
            if self._refreshes(method, class_name, set()):
                continue  # it re-jits or clears the cache: the next call traces afresh
            writes.extend(self._writes_of(method, class_name))
        return writes

    def _writes_of(self, method: Unit, class_name: str) -> list[Write]:
        first = self_param(method)
        if first is None:
            return []
        containers = self._containers.get(class_name)
        if containers is None:
            containers = self._containers[class_name] = self._container_attributes(class_name)
        at_run_time = self._host_run(method)
        return [Write(method.name, path, how)
                for node, unit in self._nodes(method)
                if not _within(unit, at_run_time)
                for path, how in _self_writes(node, first, containers)
                if self.self_name_refers(unit, method, first)]

    def _host_run(self, method: Unit) -> set[int]:
        """Nested functions of ``method`` it hands to a host callback (``io_callback(_init,
        ...)``): they run when the compiled code reaches the callback, not when the method
        is called, so what they change is not the call's doing."""
        found = set()
        for call in method.calls:
            if call.args and type(call.args[0].value) is cst.Name \
                    and self.resolver.qualname(call.func, method) in HOST_CALLBACKS:
                nested = method.nested.get(call.args[0].value.value)
                if nested is not None:
                    found.add(id(nested))
        return found

    def _nodes(self, method: Unit):
        """Every node of a method with the unit it belongs to (nested functions included)."""
        def walk(node: cst.CSTNode, unit: Unit):
            inner = self.index.unit_for(node)
            if inner is not None and inner is not unit and node is not method.node:
                unit = inner
            yield node, unit
            for name in CHILD_FIELDS[type(node)]:
                value = getattr(node, name)
                if type(value) in NODE_TYPES:
                    yield from walk(value, unit)
                elif type(value) in (tuple, list):
                    for item in value:
                        if type(item) in NODE_TYPES:
                            yield from walk(item, unit)
        yield from walk(method.node, method)

    def _refreshes(self, method: Unit, class_name: str, seen: set[int]) -> bool:
        """The method (or a method of the class it calls) builds a new jitted function or
        clears JAX's caches."""
        if id(method) in seen:
            return False
        seen.add(id(method))
        units = [u for u in self.index.units if self.method_of(u) is method]
        ids = {id(u) for u in units}
        if any(o.transform.caching and id(o.container) in ids for o in self.traced.origins):
            return True
        for unit in units:
            for call in unit.calls:
                func = call.func
                if type(func) is cst.Attribute and func.attr.value == "clear_cache":
                    return True
                if self.resolver.qualname(func, unit) in CLEAR_CACHE:
                    return True
                callee = self.resolver.function(func, unit)
                if callee is not None and callee.class_name == class_name and \
                        self._refreshes(callee, class_name, seen):
                    return True
        return False

    def _init_only(self, class_name: str) -> set[str]:
        """Methods referred to (``self.m``) only from ``__init__``/``setup`` or from other
        such methods: they run while the object is built."""
        methods = self.index.classes.get(class_name, {})
        refs: dict[str, set[str | None]] = {name: set() for name in methods}

        def walk(node: cst.CSTNode, owner: str | None) -> None:
            if type(node) is cst.Attribute and node.attr.value in refs:
                refs[node.attr.value].add(owner)
            elif type(node) is cst.SimpleString and node.value.strip("'\"") in refs:
                refs[node.value.strip("'\"")].add(owner)  # getattr(self, "m")
            for name in CHILD_FIELDS[type(node)]:
                value = getattr(node, name)
                if type(value) in NODE_TYPES:
                    walk(value, owner)
                elif type(value) in (tuple, list):
                    for item in value:
                        if type(item) in NODE_TYPES:
                            walk(item, owner)

        node = self.index.class_nodes.get(class_name)
        for statement in self.module.body:
            if statement is not node:
                walk(statement, None)
        for method in methods.values():
            walk(method.node, method.name)
        init_only: set[str] = set()
        changed = True
        while changed:
            changed = False
            for name, owners in refs.items():
                if name in init_only or not owners:
                    continue
                if all(o is not None and o != name and (o in INIT_METHODS or o in init_only)
                       for o in owners):
                    init_only.add(name)
                    changed = True
        return init_only

    def _container_attributes(self, class_name: str) -> set[str]:
        """Attributes the class binds to a list, dict, set or NumPy array."""
        found: set[str] = set()
        for method in self.index.classes.get(class_name, {}).values():
            first = self_param(method)
            for node, _unit in self._nodes(method):
                if isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None:
                    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                        else [node.target]
                    kind = is_mutable_value(node.value, lambda e: self.resolver.qualname(e, method))
                    for target in targets:
                        if kind and type(target) is cst.Attribute and \
                                type(target.value) is cst.Name and target.value.value == first:
                            found.add(target.attr.value)
        return found

    # -- the question rules ask ---------------------------------------------------------
    def instance_class(self, name: str) -> str | None:
        """The class of this module that the module global ``name`` is an instance of
        (bound once, to ``Cls(...)``; a plain class, not a library module), or None."""
        bindings = self.index.bindings.get(name)
        if not bindings or len(bindings) != 1:
            return None
        value = bindings[0].value
        if not type(value) is cst.Call or not type(value.func) is cst.Name:
            return None
        class_name = value.func.value
        if class_name not in self.index.class_nodes or not self._plain_class(class_name) \
                or self._hashes_by_value(class_name):
            return None
        return class_name

    def import_time_methods(self) -> set[str]:
        """Method names called on something by module-level statements and never inside a
        function: they run while the module is imported."""
        if self._import_time is None:
            def called(calls: list[cst.Call]) -> set[str]:
                return {c.func.attr.value for c in calls if type(c.func) is cst.Attribute}
            inside = set().union(*(called(u.calls) for u in self.index.units))
            self._import_time = called(self.index.module_calls) - inside
        return self._import_time

    def is_memo(self, class_name: str, method: str, attrs: set[str]) -> bool:
        """The method fills ``self.<attr>`` behind ``if k not in self.<attr>`` (a trace-time
        cache keyed by static values)."""
        unit = self.index.classes.get(class_name, {}).get(method)
        if unit is None:
            return False
        text = self.module.code_for_node(unit.node)
        return all(f"in self.{attr}" in text for attr in attrs)

    def method_writes(self, class_name: str, method: str) -> list[Write]:
        """What calling ``method`` on an instance changes (traced or not: the caller asks
        what a call from traced code does)."""
        unit = self.index.classes.get(class_name, {}).get(method)
        if unit is None or unit.is_staticmethod or _is_classmethod(unit) \
                or method in INIT_METHODS:
            return []
        return self._writes_of(unit, class_name)

    def reason(self, class_name: str, path: tuple[str, ...], reader: Unit | None,
               shown: str = "self") -> str | None:
        """Why ``self.<path>`` read in a baked method of ``class_name`` (or ``<shown>.<path>``
        of a module-level instance) can change after tracing, or None."""
        if path[0] in self.index.classes.get(class_name, {}):
            return None  # a method or property, not data
        if any(p.endswith("_ref") for p in path):
            return None  # a jax.new_ref ref: meant to be read and written under jit
        reader_method = self.method_of(reader)
        at_import = self.import_time_methods() if shown != "self" else set()
        for write in self.writes(class_name):
            if write.method in at_import:
                continue  # `obs_rms.update(CALIBRATION)` run by module-level code: set-up
            if reader_method is not None and write.method == reader_method.name:
                continue
            n = len(write.path)
            if path[:n] == write.path:
                what = f"`{shown}." + ".".join(write.path) + "`"
                return f"{what} is {write.how} in `{class_name}.{write.method}`" \
                    if shown != "self" else f"{what} is {write.how} in `{write.method}`"
        return None


def _within(unit: Unit | None, units: set[int]) -> bool:
    """``unit`` is one of ``units`` or nested in one."""
    while unit is not None:
        if id(unit) in units:
            return True
        unit = unit.parent
    return False


def self_param(unit: Unit) -> str | None:
    first = next((p for p in unit.params if p.index == 0), None)
    return first.name if first is not None else None


def _is_classmethod(unit: Unit) -> bool:
    node = unit.node
    return type(node) is cst.FunctionDef and any(
        type(d.decorator) is cst.Name and d.decorator.value == "classmethod"
        for d in node.decorators)


def _is_bound_method(expr: cst.BaseExpression | None, index: ModuleIndex) -> bool:
    """``self.m`` / ``model.m``: a method with its instance bound, not ``Model.m``."""
    return type(expr) is cst.Attribute and type(expr.value) is cst.Name \
        and expr.value.value not in index.class_nodes


def attribute_path(node: cst.BaseExpression, first: str) -> tuple[str, ...] | None:
    """``self.a.b`` -> ("a", "b") when the chain starts at the name ``first``."""
    path: list[str] = []
    while type(node) is cst.Attribute:
        path.append(node.attr.value)
        node = node.value
    if type(node) is cst.Name and node.value == first and path:
        return tuple(reversed(path))
    return None


def _store_target(target: cst.BaseExpression, first: str, how: str):
    if isinstance(target, (cst.Tuple, cst.List)):
        for element in target.elements:
            yield from _store_target(element.value, first, how)
        return
    if type(target) is cst.StarredElement:
        yield from _store_target(target.value, first, how)
        return
    if type(target) is cst.Subscript:
        node = target.value
        while type(node) is cst.Subscript:
            node = node.value
        path = attribute_path(node, first)
        if path is not None:
            yield path, "mutated in place"
        return
    path = attribute_path(target, first)
    if path is not None:
        yield path, how


def _self_writes(node: cst.CSTNode, first: str, containers: set[str]):
    """The attribute paths of ``first`` that one statement or call changes, and how."""
    if type(node) is cst.Assign:
        for target in node.targets:
            yield from _store_target(target.target, first, "reassigned")
    elif type(node) is cst.AnnAssign and node.value is not None:
        yield from _store_target(node.target, first, "reassigned")
    elif type(node) is cst.AugAssign:
        yield from _store_target(node.target, first, "updated with an augmented assignment")
    elif type(node) is cst.Del:
        if type(node.target) is cst.Subscript:
            yield from _store_target(node.target, first, "mutated in place")
    elif type(node) is cst.Call:
        func = node.func
        if type(func) is cst.Attribute and func.attr.value in MUTATING_METHODS:
            path = attribute_path(func.value, first)
            if path is not None and (func.attr.value not in AMBIGUOUS_MUTATORS
                                     or len(path) == 1 and path[0] in containers):
                yield path, "mutated in place"
        elif type(func) is cst.Name and func.value == "setattr" and len(node.args) >= 2:
            obj, attr = node.args[0].value, node.args[1].value
            if type(obj) is cst.Name and obj.value == first and type(attr) is cst.SimpleString:
                yield (attr.value.strip("'\""),), "reassigned"
