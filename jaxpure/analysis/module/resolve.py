"""Name resolution: what a name or attribute chain refers to (through imports, honouring
local bindings), which function of this module a call reaches, and the class a method is in.
"""

from __future__ import annotations

import dataclasses
from typing import TypedDict

import libcst as cst

from jaxpure.analysis.module.aux_decorator_index import AuxDecorator
from jaxpure.analysis.module.bindings import Bindings, unit_bindings, unpacking_of
from jaxpure.analysis.module.imports import BUILTIN_NAMES, canonical, dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.module_rebinding import ModuleOrder
from jaxpure.analysis.syntax import contains, declared_type, returned_values, statements


class ResolverMemo(TypedDict, total=False):
    """Module-wide answers built on first use."""

    model_classes: dict[str, str]  # class name -> "equinox" or "nnx"
    contract_model_classes: frozenset[str]  # linen, haiku, Equinox classes (contracts.py)
    declared_members: frozenset[str]  # member names the module's classes declare
    static_instances: frozenset[str]  # classes whose instances are Python values (instances.py)
    static_field_factories: frozenset[str]  # calls that declare a static field (field_markers.py)
    aux_decorators: dict[str, AuxDecorator]  # the module's aux-field decorators (aux_decorators.py)
    # given by the pipeline: other modules' static-field factories this one imports, as
    # the project names them (frozen_fields.py)
    imported_field_factories: frozenset[str]
    # other modules' functions this one imports, as it names them -> the parameters they use
    # as shapes, with their positions (contracts.py)
    imported_shape_parameters: dict[str, tuple[tuple[str, int], ...]]
    # its functions whose shape parameters other modules ask for (gate_index.py)
    asked_shape_parameters: frozenset[str]
    # methods handing out a new key at each call (key_sources.py): the module's, and those
    # of other modules' classes it calls, which the pipeline gives
    key_source_methods: frozenset[str]
    local_key_sources: frozenset[str]
    imported_key_sources: frozenset[str]
    # other modules' functions and methods never drawing from these key parameters, with
    # their positions, by qualified name (undrawn_keys.py), which the pipeline gives
    imported_undrawn_keys: dict[str, tuple[tuple[str, int], ...]]
    # functions only splitting a key parameter and returning the children: by function,
    # each parameter's paths in the result (split_returns.py), and other modules' by
    # qualified name with the parameters' positions, which the pipeline gives
    split_returned: dict[int, dict[str, tuple[tuple[int, ...], ...]]]
    imported_split_returns: dict[str, tuple[tuple[str, int, tuple[tuple[int, ...], ...]], ...]]
    # ids of the functions calling a shape-only tracer such as jax.eval_shape (undrawn_keys.py)
    shape_tracing_units: frozenset[int]
    keyfree_classes: dict[str, bool]  # linen classes whose init reads no key (keyfree_modules.py)
    keyfree_functions: dict[str, bool]  # module functions such a class may call
    # (id of a function, key parameter) -> the flag gating its draws (flag_gates.py)
    flag_gates: dict[tuple[int, str], str | None]
    # names the module's functions, lambdas and classes mention, with "*" when the module
    # looks names up by text (`globals()`, `eval`): key_uses.py
    scope_reads: frozenset[str]
    # "class.attribute" -> each read of `<x>.<attribute>` in its classes' methods (stored_keys.py)
    attribute_reads: dict[str, list[tuple[Unit, list[cst.CSTNode]]]]


class Resolver:
    """Resolve names to qualified names through imports, honouring local bindings."""

    def __init__(self, index: ModuleIndex, module_name: str | None = None,
                 module: cst.Module | None = None, external: frozenset[int] = frozenset()
                 ) -> None:
        """``module``: the module's tree, for the order its statements run in (a function
        defined twice); ``external``: the ids of its units traced by other modules' calls."""
        self.index = index
        self.module_name = module_name
        self._module = module
        self._external = external
        self._order: ModuleOrder | None = None
        self._qualnames: dict[tuple[int, int], str | None] = {}
        self.memo: ResolverMemo = {}
        # (id of a function, parameter) -> the one function its calls pass for it
        self._passed: dict[tuple[int, str], Unit | None] | None = None
        # (id of a function, local name) -> the function the name holds there
        self._locals: dict[tuple[int, str], Unit | None] = {}
        self._bound_methods: dict[int, Unit] = {}  # id of a method -> it, bound (_bound)
        self._unit_bindings: dict[int, Bindings] = {}  # id of a unit -> unit_bindings(unit)
        # (id of a scope, name) -> _declared_class: every `x.method(...)` of a local asks
        self._declared: dict[tuple[int, str], str | None] = {}
        # (id of an expression, id of its scope) -> function(): each call's callee is asked
        # by several passes (traced, key parameters, passed functions). An answer that read
        # a placeholder (`_passed` while it is filled, a `_locals` entry being worked out)
        # is not kept: asked later, it would read the final entry (_tainted says so)
        self._functions: dict[tuple[int, int], Unit | None] = {}
        self._tainted = False
        self._filling_passed = False
        self._working_out: set[tuple[int, str]] = set()  # `_locals` keys being worked out

    def qualname(self, expr: cst.BaseExpression, unit: Unit | None) -> str | None:
        # bindings do not change while a module is analysed: one answer per node and scope
        key = (id(expr), id(unit))
        try:
            return self._qualnames[key]
        except KeyError:
            pass
        text = dotted_name(expr)
        found = self.qualname_text(text, unit) if text is not None else None
        self._qualnames[key] = found
        return found

    def qualname_text(self, text: str, unit: Unit | None) -> str | None:
        head, _, rest = text.partition(".")
        u = unit
        while u is not None:
            if u.imports is not None:
                found = u.imports.lookup(head)
                if found is not None:
                    return canonical(f"{found}.{rest}" if rest else found)
            if u.binds(head) and head not in u.declared_global:
                return None
            u = u.parent
        found = self.index.imports.lookup(head)
        if found is not None:
            return canonical(f"{found}.{rest}" if rest else found)
        if head in self.index.bindings or head in self.index.def_names:
            if self.module_name:
                return f"{self.module_name}.{text}"
            return None
        if head in BUILTIN_NAMES:
            return f"builtins.{text}"
        return None

    def unit_bindings(self, unit: Unit) -> Bindings:
        """:func:`bindings.unit_bindings`, once per function of the module (shared with
        ModuleFacts.unit_bindings): every local name a function binds asks for them."""
        found = self._unit_bindings.get(id(unit))
        if found is None:
            found = self._unit_bindings[id(unit)] = unit_bindings(unit, self.index.named_exprs)
        return found

    def function(self, expr: cst.BaseExpression, unit: Unit | None) -> Unit | None:
        """The function a name (``f``, ``self.m``, a lambda) refers to, if in this module."""
        key = (id(expr), id(unit))
        try:
            return self._functions[key]
        except KeyError:
            pass
        outer, self._tainted = self._tainted, False
        try:
            found = self._function(expr, unit)
            if not self._tainted:
                self._functions[key] = found
        finally:
            self._tainted = self._tainted or outer
        return found

    def _function(self, expr: cst.BaseExpression, unit: Unit | None) -> Unit | None:
        if type(expr) is cst.Lambda:
            return self.index.unit_for(expr)
        if type(expr) is cst.Name:
            name = expr.value
            u = unit
            while u is not None:
                if name in u.nested:
                    return _def_in_force(self.index, u, name, expr) if u is unit \
                        and u.assigned.get(name, 0) > 1 else u.nested[name]
                if u.binds(name) and name not in u.declared_global:
                    return self._local_function(u, name)
                u = u.parent
            found = self.index.defs.get(name)
            if found is None:
                found = self._factory_product(name)
            elif len(self.index.bindings.get(name, ())) > 1:
                found = self._module_def_in_force(name, expr, unit) or found
            return found
        if type(expr) is cst.Attribute and type(expr.value) is cst.Name:
            owner = expr.value.value
            if owner in ("self", "cls"):
                class_name = enclosing_class(unit)
                if class_name is not None:
                    return self.index.classes.get(class_name, {}).get(expr.attr.value)
                return None
            if owner in self.index.class_nodes and len(self.index.bindings.get(owner, ())) <= 1:
                # `jax.jit(Model.step)`: the function itself, self passed explicitly
                return self.index.classes.get(owner, {}).get(expr.attr.value)
            # `model = Model()` at module level, then `jax.jit(model.step)`
            class_name = self.instance_class(owner, unit) or self._declared_class(owner, unit)
            if class_name is not None:
                return self.index.classes.get(class_name, {}).get(expr.attr.value)
        return None

    def module_tree(self) -> cst.Module | None:
        """The module's tree, when the resolver was given it (module/stored_keys.py)."""
        return self._module

    def module_order(self) -> ModuleOrder | None:
        """The order the module's statements run in (module_rebinding.py), built on first
        use: for the module as a notebook or script runs it; None without its tree."""
        if self._order is None and self._module is not None:
            self._order = ModuleOrder(self._module, self.index, self._external)
        return self._order

    def _module_def_in_force(self, name: str, expr: cst.Name, unit: Unit | None) -> Unit | None:
        """Which of the module-level functions named ``name`` (defined more than once) the
        read ``expr`` in ``unit`` reaches: the one in force where module code reads it, or
        at every run of the function reading it (ModuleOrder.definition_in_force); None
        when not known (the last is taken)."""
        order = self.module_order()
        found = order.definition_in_force(name, unit, expr) if order is not None else None
        return self.index.unit_for(found) if found is not None else None

    def _declared_class(self, name: str, unit: Unit | None) -> str | None:
        key = (id(unit), name)
        try:
            return self._declared[key]
        except KeyError:
            found = self._declared[key] = _declared_class(self.index, name, unit)
            return found

    def _local_function(self, unit: Unit, name: str) -> Unit | None:
        """The function a local name of ``unit`` holds: a parameter that every call and
        ``partial`` of ``unit`` in the module binds to one function of it
        (``partial(train_step, learning_rate_fn=lr)``), or a name bound to one function
        (:meth:`_held_function`)."""
        if name in unit.param_names:
            if self._passed is None:
                self._passed = {}  # filled below; a lookup while filling finds nothing
                self._filling_passed = True
                try:
                    self._passed = passed_functions(self)
                finally:
                    self._filling_passed = False
            elif self._filling_passed:
                self._tainted = True
            return self._passed.get((id(unit), name))
        if type(unit.node) is not cst.FunctionDef:
            return None
        key = (id(unit), name)
        if key not in self._locals:
            self._locals[key] = None  # `f = f`, `a = b; b = a`: a circle holds no function
            self._working_out.add(key)
            try:
                self._locals[key] = self._held_function(unit, name)
            finally:
                self._working_out.discard(key)
        elif key in self._working_out:
            self._tainted = True
        return self._locals[key]

    def _held_function(self, unit: Unit, name: str) -> Unit | None:
        """The one function of this module a local name is bound to (by a factory call or
        by name), when its other bindings, if any, are results the analysis cannot see into:
        ``step_fn = train_step`` then, for a size compiled ahead, ``step_fn =
        futures[n].result()``. Such a result stands in for the function (a compiled or
        cached form of it, called the same way); another function, a lambda or a loop
        target does not, and leaves the name unresolved."""
        assert type(unit.node) is cst.FunctionDef
        values = self.unit_bindings(unit).get(name, [])
        if values == [None]:
            return self._unpacked_function(unit, name)
        held = [self._bound_function(unit, value) for value in values]
        functions = {id(function): function for function in held if function is not None}
        if len(functions) != 1 or not all(
                function is not None or self._unseen_result(value, unit)
                for function, value in zip(held, values)):
            return None
        return next(iter(functions.values()))

    def _bound_function(self, unit: Unit, value: cst.BaseExpression | None) -> Unit | None:
        """The function of this module ``name = value`` binds: the one a factory returns
        (``lr = make_schedule(config)``), or a function named (``step = train_step``)."""
        if type(value) is cst.Call and type(value.func) is cst.Name \
                and not any(u.binds(value.func.value) for u in _scopes(unit)):
            return self._returned_nested(value.func.value)
        if type(value) is cst.Name:
            return self.function(value, unit)
        if type(value) is cst.Attribute:
            function = self.function(value, unit)
            if function is not None and self._binds_instance(value, function):
                return self._bound(function)
            return function
        return None

    def _unpacked_function(self, unit: Unit, name: str) -> Unit | None:
        """The nested function a name unpacked from a factory's result holds, bound only
        there: ``init_fn, step_fn = build_init_and_step_fn(module)``, where the factory
        always returns ``init_fn, step_fn``, its own nested functions, in that order."""
        assert type(unit.node) is cst.FunctionDef
        found = unpacking_of(unit.node.body, name)
        value, position = found if found is not None else (None, 0)
        if not isinstance(value, cst.Call):
            return None
        func = value.func
        if type(func) is not cst.Name or any(u.binds(func.value) for u in _scopes(unit)):
            return None
        return self._returned_nested(func.value, position)

    def _binds_instance(self, value: cst.Attribute, function: Unit) -> bool:
        """Whether ``value`` (``trainer.train_step``) is a method bound to an instance: not a
        static method, nor one taken from its class (``Model.step``, self passed explicitly)."""
        return function.parent_is_class and not function.is_staticmethod \
            and not (type(value.value) is cst.Name and value.value.value in self.index.class_nodes)

    def _bound(self, method: Unit) -> Unit:
        """``method`` as a name bound to ``obj.method`` holds it: called as ``step(x)``, its
        arguments fill the parameters after ``self`` (one view per method, so what is
        memoised by function stays put)."""
        view = self._bound_methods.get(id(method))
        if view is None:
            view = self._bound_methods[id(method)] = dataclasses.replace(
                method, params=[p for p in method.params if p.index != 0])
        return view

    def _unseen_result(self, value: cst.BaseExpression | None, unit: Unit) -> bool:
        """Whether ``value`` is what a method of an object not known here returns
        (``futures[n].result()``, ``cache.get(size)``): nothing says which function it is."""
        return type(value) is cst.Call and type(value.func) is cst.Attribute \
            and self.qualname(value.func, unit) is None and self.function(value.func, unit) is None

    def _factory_product(self, name: str) -> Unit | None:
        """``schedule = make_schedule(1e-3, 100)`` at module level, where ``make_schedule``
        defines a function and returns it: the name refers to that nested function (one
        closure, but the same code, traced the same way)."""
        bindings = self.index.bindings.get(name, ())
        if len(bindings) != 1 or not type(bindings[0].value) is cst.Call \
                or not type(bindings[0].value.func) is cst.Name:
            return None
        return self._returned_nested(bindings[0].value.func.value)

    def decorator_wrapper(self, decorator: cst.BaseExpression) -> Unit | None:
        """The nested function a decorator of this module returns (``def count_calls(fn):
        def wrapper(*args): ...; return wrapper``), if it returns exactly that."""
        return self._returned_nested(decorator.value) if type(decorator) is cst.Name else None

    def returned_closure(self, factory_name: str) -> Unit | None:
        """The one function the module function ``factory_name`` defines and always returns."""
        return self._returned_nested(factory_name)

    def _returned_nested(self, factory_name: str, position: int | None = None) -> Unit | None:
        """The one nested function the module function ``factory_name`` always returns (or,
        given a ``position``, always returns there in a tuple it returns)."""
        factory = self.index.defs.get(factory_name)
        if factory is None or not type(factory.node) is cst.FunctionDef:
            return None
        returned = returned_values(factory.node)
        if position is not None:
            elements = [_element(value, position) for value in returned]
            returned = [element for element in elements if element is not None]
            if len(returned) != len(elements):
                return None
        names = {v.value for v in returned if type(v) is cst.Name}
        if len(returned) != len(names) or len(names) != 1:
            return None
        return factory.nested.get(names.pop())

    def instance_class(self, name: str, unit: Unit | None) -> str | None:
        u = unit
        while u is not None:
            if u.binds(name):
                return None
            u = u.parent
        bindings = self.index.bindings.get(name)
        if bindings is None or len(bindings) != 1:
            return None
        value = bindings[0].value
        if type(value) is cst.Call and type(value.func) is cst.Name \
                and value.func.value in self.index.classes:
            return value.func.value
        return None


def _declared_class(index: ModuleIndex, name: str, unit: Unit | None) -> str | None:
    """The class of this module a local variable is declared to hold (``trainer: DPTrainer
    = self``): the annotation holds for every binding of the name in its function."""
    while unit is not None and not unit.binds(name):
        unit = unit.parent
    if unit is None or type(unit.node) is not cst.FunctionDef or name in unit.param_names:
        return None
    declared = declared_type(unit.node.body, name)
    return declared.value if type(declared) is cst.Name and declared.value in index.classes \
        else None


def _def_in_force(index: ModuleIndex, scope: Unit, name: str, expr: cst.Name) -> Unit | None:
    """The function ``name`` is bound to where ``expr`` (in ``scope``'s own code) reads it,
    when ``scope`` defines it more than once: two ``def``s of one name are two functions,
    and a call reaches the one defined last before it (tensorneat's ``speciate`` runs a
    ``while_loop`` with a ``cond_func``/``body_func`` pair, then defines a new pair for a
    second loop). The last definition when a binding is not a ``def`` of the body's own
    (a branch's, an assignment) or when ``expr`` is not below one."""
    body = statements(scope.node.body) if type(scope.node) is cst.FunctionDef else ()
    defs = [(at, s) for at, s in enumerate(body)
            if type(s) is cst.FunctionDef and s.name.value == name]
    last = scope.nested[name]
    if len(defs) != scope.assigned.get(name, 0):
        return last
    at = next((i for i, s in enumerate(body) if contains(s, expr)), None)
    before = [s for i, s in defs if at is not None and i < at]
    return index.unit_for(before[-1]) if before else last


def _element(value: cst.BaseExpression, position: int) -> cst.BaseExpression | None:
    """The ``position``-th element of a returned tuple literal (``return init_fn, step_fn``)."""
    if not isinstance(value, (cst.Tuple, cst.List)) or position >= len(value.elements) \
            or any(type(e) is not cst.Element for e in value.elements):
        return None
    return value.elements[position].value


def _scopes(unit: Unit | None) -> list[Unit]:
    found = []
    while unit is not None:
        found.append(unit)
        unit = unit.parent
    return found


def passed_functions(resolver: Resolver) -> dict[tuple[int, str], Unit | None]:
    """(id of a function, parameter) -> the function of this module that every call and
    ``functools.partial`` of it in the module passes for the parameter; None where they
    pass different ones, or something else."""
    found: dict[tuple[int, str], Unit | None] = {}
    index = resolver.index
    calls: list[tuple[Unit | None, cst.Call]] = \
        [(unit, call) for unit in index.units for call in unit.calls]
    calls += [(None, call) for call in index.module_calls]
    for unit, call in calls:
        partial = resolver.qualname(call.func, unit) == "functools.partial" and bool(call.args)
        callee = resolver.function(call.args[0].value if partial else call.func, unit)
        if callee is None:
            continue
        passed = (_partial_keywords(call) if partial else callee.arguments_of(call)) or {}
        for name, value in passed.items():
            key = (id(callee), name)
            if key in found and found[key] is None or callee.param(name) is None:
                continue  # passed different things already: it stays None
            # only a name, an attribute or a lambda can be a function (Resolver._function)
            function = resolver.function(value, unit) if type(value) in _MAY_NAME_FUNCTION \
                else None
            if function is None or found.get(key, function) is not function:
                found[key] = None
            else:
                found[key] = function
    return found


_MAY_NAME_FUNCTION = frozenset({cst.Name, cst.Attribute, cst.Lambda})


def _partial_keywords(call: cst.Call) -> dict[str, cst.BaseExpression]:
    """What ``functools.partial(f, k=v)`` binds by keyword (its positional binds are
    constants of the trace, counted by position elsewhere)."""
    return {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}


def seeded_unit(index: ModuleIndex, function: str) -> Unit | None:
    """The function a seed names (summary.py): a module-level function, or a method as
    ``Class.method`` (an override another module's code calls)."""
    owner, _, method = function.rpartition(".")
    return index.classes.get(owner, {}).get(method) if owner else index.defs.get(function)


def enclosing_class(unit: Unit | None) -> str | None:
    while unit is not None:
        if unit.class_name is not None:
            return unit.class_name
        unit = unit.parent
    return None
