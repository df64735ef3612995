"""One cheap pass over a module: its functions, imports, bindings and calls.

Everything later analysis needs about the module as a whole (which function is passed to
``jax.jit`` further down, which globals are rebound somewhere, who calls whom) is collected
here before the rules walk the code in evaluation order.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from dataclasses import dataclass, field

import libcst as cst

from jaxpure.analysis.module.aux_decorator_index import AuxDecorator
from jaxpure.analysis.catalog.side_effects import MUTATING_METHODS, SHRINKING_METHODS  # noqa: F401
from jaxpure.analysis.module.imports import ImportTable, dotted_name
from jaxpure.analysis.module.operators import OPERATOR_DUNDERS, operator_call
from jaxpure.analysis.module.attribute_reads import stored_attribute_path
from jaxpure.analysis.syntax import NODE_TYPES, CHILD_FIELDS, CallShape, handler_catches, key_path, target_names

_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError"})


@dataclass(frozen=True)
class Binding:
    """One module-level binding of a name."""

    value: cst.BaseExpression | None  # the assigned expression, when there is one
    nested: bool  # inside an if/try/for/with block rather than directly in the module
    augmented: bool = False
    order: int = 0  # position in the source, comparable with Unit.order


@dataclass(frozen=True)
class Param:
    name: str
    index: int  # position among positional parameters; -1 for keyword-only, * and **
    annotation: cst.BaseExpression | None
    default: cst.BaseExpression | None
    star: str  # "", "*" or "**"


@dataclass(eq=False)
class Unit:
    """A function body: a ``def`` or a ``lambda``."""

    node: cst.FunctionDef | cst.Lambda
    name: str
    parent: Unit | None
    class_name: str | None
    params: list[Param]
    imports: ImportTable | None = None
    assigned: dict[str, int] = field(default_factory=dict)
    declared_global: set[str] = field(default_factory=set)
    declared_nonlocal: set[str] = field(default_factory=set)
    augmented: set[str] = field(default_factory=set)
    # where each local binding is, in source order (comparable with Unit.order)
    binding_orders: dict[str, list[int]] = field(default_factory=dict)
    # where each in-place store to a name happens in this body (`a[1] = 0`), in source order
    store_orders: dict[str, list[int]] = field(default_factory=dict)
    order: int = 0  # where the def/lambda is, in source order
    nested: dict[str, Unit] = field(default_factory=dict)
    calls: list[cst.Call] = field(default_factory=list)
    # names passed as the key to jax.random functions (dotted text resolved later)
    random_args: list[tuple[str, str]] = field(default_factory=list)
    # a call passes a name as `key=` or `rng=` (a partial binding a key: keyparams.py)
    key_keywords: bool = False

    parent_is_class: bool = False
    # set once from node and params (asked for every name looked up and every call matched)
    param_names: frozenset[str] = field(init=False, repr=False)
    is_staticmethod: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.param_names = frozenset(p.name for p in self.params)
        node = self.node
        self.is_staticmethod = type(node) is cst.FunctionDef and any(
            type(d.decorator) is cst.Name and d.decorator.value == "staticmethod"
            for d in node.decorators)

    def param(self, name: str) -> Param | None:
        for p in self.params:
            if p.name == name:
                return p
        return None

    def arguments_of(self, call: CallShape,
                     before_spreads: bool = False,
                     past_keywords: bool = False) -> dict[str, cst.BaseExpression] | None:
        """Parameter name -> the expression ``call`` passes for it: keywords by name,
        positional ones by position (after ``self`` for a method called through an attribute
        or on an instance made on the spot); None when the call spreads ``*args``/``**kwargs``.
        With ``before_spreads``, such a call still gives its keywords and the positional
        arguments before its first spread (``step(params, opt, *flexi_args)``): they fill
        those parameters whatever the spread holds; what it fills is left out. With
        ``past_keywords``, a ``**kwargs`` spread leaves the others known (it cannot fill a
        parameter they fill: that raises), though what it fills is not in the answer."""
        if any(arg.star == "*" and not before_spreads
               or arg.star == "**" and not (before_spreads or past_keywords)
               for arg in call.args):
            return None
        positional = [p for p in self.params if p.index >= 0 and not p.star]
        if self.parent_is_class and not self.is_staticmethod \
                and type(call.func) in (cst.Attribute, cst.Call):  # `Layer(4)(x)`: bound too
            positional = positional[1:]
        passed: dict[str, cst.BaseExpression] = {}
        position, spread = 0, False
        for arg in call.args:
            spread = spread or arg.star == "*"
            if arg.star:
                continue  # what a spread fills is not known
            if arg.keyword is not None:
                passed[arg.keyword.value] = arg.value
            elif not spread and position < len(positional):
                passed[positional[position].name] = arg.value
                position += 1
        return passed

    def binds(self, name: str) -> bool:
        return name in self.assigned or name in self.param_names


@dataclass
class ModuleIndex:
    imports: ImportTable = field(default_factory=ImportTable)
    units: list[Unit] = field(default_factory=list)
    unit_of: dict[int, Unit] = field(default_factory=dict)  # id(node) -> unit
    defs: dict[str, Unit] = field(default_factory=dict)  # module-level functions
    classes: dict[str, dict[str, Unit]] = field(default_factory=dict)
    class_nodes: dict[str, cst.ClassDef] = field(default_factory=dict)
    # module-level bindings (assignments, `global` writes from functions) and those names
    bindings: dict[str, list[Binding]] = field(default_factory=dict)
    global_writes: set[str] = field(default_factory=set)
    # (unit or None, name) pairs mutated in place: X.append(...), X[k] = v, X.a = v
    mutations: list[tuple[Unit | None, str]] = field(default_factory=list)
    # the subset that stores into the object (X[k] = v, X.a = v, del X[k]); a method call
    # named like a mutator (`opt.update(...)`) only counts for known containers
    store_mutations: list[tuple[Unit | None, str]] = field(default_factory=list)
    # of those, the stores below an attribute (`self.info[k] = v`: (unit, base, "info");
    # `cfg.logging.name = v`: (unit, base, "logging.name"))
    attribute_item_stores: list[tuple[Unit | None, str, str]] = field(default_factory=list)
    # where module-level code stores into a name in place (`TABLE[i, j] = v`), in source order
    module_store_orders: dict[str, list[int]] = field(default_factory=dict)
    # names something is removed from (`seen.clear()`, `del cache[k]`), anywhere in the module
    shrunk: set[str] = field(default_factory=set)
    # `X.attr = v` inside functions: X -> the attributes written (only those go stale)
    attribute_stores: dict[str, set[str]] = field(default_factory=dict)
    # (class, attribute) -> the value of each `self.<attribute> = value` in the class's
    # methods (None: augmented, unpacked, a loop target)
    self_stores: dict[tuple[str, str], list[cst.BaseExpression | None]] = field(default_factory=dict)
    unpacking_classes: set[str] = field(default_factory=set)  # `self.key, sub = ...` in a method
    # `CONFIG["log_every"] = 1`: (unit, name, key) for item stores with a literal string key
    literal_item_stores: list[tuple[Unit | None, str, str]] = field(default_factory=list)
    module_calls: list[cst.Call] = field(default_factory=list)
    call_keywords: set[str] = field(default_factory=set)  # every keyword any call passes
    # id of the value of each `name = value` (one plain target) -> name; None for another target
    assigned_values: dict[int, str | None] = field(default_factory=dict)
    # id of `a & b` (a binary operation or comparison, a name on the left) -> (the function
    # it is in, the call `a.__and__(b)` it makes; module/operators.py)
    operator_calls: dict[int, tuple[Unit | None, cst.Call]] = field(default_factory=dict)
    # every `with` statement of the module (a test's `pytest.raises(...)`), in its function
    with_statements: list[tuple[Unit | None, cst.With]] = field(default_factory=list)
    import_names: set[str] = field(default_factory=set)  # bound at module level by import
    def_names: set[str] = field(default_factory=set)  # and by def / class
    # set by pipeline.analyze: False when the text has no `:=` (no expression binds); a
    # notebook (no other code sees its globals); a test file by the test-file profile
    named_exprs: bool = True
    unimported: bool = False
    test_file: bool = False
    # the aux-field decorators of other modules it may import, by qualified name (set by
    # pipeline.analyze from the seeds: module/aux_decorators.py)
    aux_decorators: dict[str, AuxDecorator] = field(default_factory=dict)

    def unit_for(self, node: cst.CSTNode) -> Unit | None:
        return self.unit_of.get(id(node))

    def mutated_module_names(self, stores_only: bool = False, skip: Container[int] = frozenset()) -> set[str]:
        """Module globals mutated in place, leaving out mutations inside the ``skip`` units."""
        names: set[str] = set()
        for unit, name in self.store_mutations if stores_only else self.mutations:
            if unit is not None and id(unit) in skip:
                continue
            if refers_to_module(unit, name):
                names.add(name)
        return names


def refers_to_module(unit: Unit | None, name: str) -> bool:
    """Whether ``name`` used inside ``unit`` is the module-level binding."""
    while unit is not None:
        if name in unit.declared_global:
            return True
        if unit.binds(name) and name not in unit.declared_nonlocal:
            return False
        unit = unit.parent
    return True


def _params(node: cst.Parameters) -> list[Param]:
    params = [Param(p.name.value, index, _ann(p), p.default, "")
              for index, p in enumerate((*node.posonly_params, *node.params))]
    if type(node.star_arg) is cst.Param:
        params.append(Param(node.star_arg.name.value, -1, _ann(node.star_arg), None, "*"))
    for p in node.kwonly_params:
        params.append(Param(p.name.value, -1, _ann(p), p.default, ""))
    if node.star_kwarg is not None:
        params.append(Param(node.star_kwarg.name.value, -1, _ann(node.star_kwarg), None, "**"))
    return params


def _ann(p: cst.Param) -> cst.BaseExpression | None:
    return p.annotation.annotation if p.annotation is not None else None


class _Indexer:
    def __init__(self, index: ModuleIndex, package: str | None) -> None:
        self.index = index
        self.package = package
        self.unit: Unit | None = None
        self.class_stack: list[str] = []
        self.in_class_body = False
        self.block_depth = 0  # compound statements enclosing a module-level statement
        self.order = 0  # a counter of bindings and definitions, in source order
        self.import_fallback = 0  # inside `except ImportError:` handlers (depth)
        self._methods: dict[type, Callable[[cst.CSTNode], bool | None] | None] = {}
        # operators with a name on the left, in the function they are in (operator_calls)
        self.operators: list[tuple[Unit | None, cst.BinaryOperation | cst.Comparison]] = []

    # -- bindings -------------------------------------------------------------------
    def bind(self, name: str, value: cst.BaseExpression | None, augmented: bool = False) -> None:
        unit = self.unit
        if unit is None:
            if self.in_class_body:
                return  # a class attribute, not a module global
            self.order += 1
            binding = Binding(value, self.block_depth > 0, augmented, self.order)
            self.index.bindings.setdefault(name, []).append(binding)
            return
        if name in unit.declared_global:
            self.index.global_writes.add(name)
        if augmented:
            unit.augmented.add(name)
        unit.assigned[name] = unit.assigned.get(name, 0) + 1
        self.order += 1
        unit.binding_orders.setdefault(name, []).append(self.order)

    def bind_target(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        unit = self.unit
        if unit is not None and unit.parent_is_class and unit.class_name is not None \
                and not unit.is_staticmethod:
            self.record_self_store(target, value)
        if type(target) is cst.Name:
            self.bind(target.value, value)
            return
        names = target_names(target)
        for name in names:
            self.bind(name, None)
        if not names:
            base = mutated_base(target)
            if base is not None:
                self.index.mutations.append((self.unit, base))
                # `prim.multiple_results = True` at module level is set-up, not a change
                if type(target) is cst.Attribute and type(target.value) is cst.Name:
                    if self.unit is not None:
                        # `FLAGS.verbose = True` changes one attribute, not `FLAGS.lr`
                        self.index.attribute_stores.setdefault(base, set()).add(target.attr.value)
                elif self.unit is not None or not type(target) is cst.Attribute:
                    self.index.store_mutations.append((self.unit, base))
                    attribute = stored_attribute_path(target)
                    if attribute is not None:
                        self.index.attribute_item_stores.append((self.unit, base, attribute))
                    self.order += 1
                    orders = self.unit.store_orders if self.unit is not None \
                        else self.index.module_store_orders
                    orders.setdefault(base, []).append(self.order)
                key = literal_item_key(target)
                if key is not None:
                    self.index.literal_item_stores.append((self.unit, base, key))
            self.visit(target)

    def record_self_store(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        unit = self.unit
        assert unit is not None and unit.class_name is not None
        first = next((p for p in unit.params if p.index == 0), None)
        if first is None:
            return
        if type(target) is cst.Attribute and type(target.value) is cst.Name \
                and target.value.value == first.name:
            self.index.self_stores.setdefault((unit.class_name, target.attr.value), []).append(value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                if type(element.value) is cst.Attribute:  # `self.key, sub = split(self.key)`
                    self.index.unpacking_classes.add(unit.class_name)
                self.record_self_store(element.value, None)

    # -- traversal --------------------------------------------------------------------
    def visit(self, node: cst.CSTNode) -> None:
        cls = type(node)
        try:
            method = self._methods[cls]
        except KeyError:
            method = self._methods[cls] = getattr(self, "visit_" + cls.__name__, None)
        if method is not None:
            if method(node) is False:
                return
        block = self.unit is None and cls in _BLOCKS
        if block:
            self.block_depth += 1
        for name in CHILD_FIELDS[cls]:
            value = getattr(node, name)
            if type(value) in NODE_TYPES:
                self.visit(value)
            elif type(value) is tuple or type(value) is list:
                for item in value:
                    if type(item) in NODE_TYPES:
                        self.visit(item)
        if block:
            self.block_depth -= 1

    def visit_Import(self, node: cst.Import) -> bool:
        table = self.imports_for_scope()
        if self.import_fallback:
            table.add_fallback(node, self.package)
        else:
            table.add(node, self.package)
        for alias in node.names:
            if alias.asname is not None and type(alias.asname.name) is cst.Name:
                self.bind_import(alias.asname.name.value)
            else:
                self.bind_import((alias.name.value if type(alias.name) is cst.Name
                                  else _head(alias.name)))
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        table = self.imports_for_scope()
        if self.import_fallback:
            table.add_fallback(node, self.package)
        else:
            table.add(node, self.package)
        if not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                if alias.asname is not None and type(alias.asname.name) is cst.Name:
                    self.bind_import(alias.asname.name.value)
                elif type(alias.name) is cst.Name:
                    self.bind_import(alias.name.value)
        return False

    def bind_import(self, name: str) -> None:
        if self.unit is None:
            self.index.import_names.add(name)
        self.bind(name, None)

    def imports_for_scope(self) -> ImportTable:
        if self.unit is None:
            return self.index.imports
        if self.unit.imports is None:
            self.unit.imports = ImportTable()
        return self.unit.imports

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        for decorator in node.decorators:
            self.visit(decorator.decorator)
        self.visit_defaults(node.params)
        in_class = self.in_class_body
        class_name = self.class_stack[-1] if self.class_stack else None
        unit = Unit(node, node.name.value, self.unit, class_name if in_class else None,
                    _params(node.params))
        unit.parent_is_class = in_class
        self.register(unit)
        if in_class:
            self.index.classes.setdefault(class_name or "", {})[unit.name] = unit
            # the method name is bound in the class body, not in a function
        elif self.unit is None:
            self.index.defs[unit.name] = unit
            self.index.def_names.add(unit.name)
            self.bind(unit.name, None)
        else:
            self.unit.nested[unit.name] = unit
            self.bind(unit.name, None)
        self.enter(unit, node.body)
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self.visit_defaults(node.params)
        unit = Unit(node, "<lambda>", self.unit, None, _params(node.params))
        self.register(unit)
        self.enter(unit, node.body)
        return False

    def visit_defaults(self, params: cst.Parameters) -> None:
        for p in (*params.posonly_params, *params.params, *params.kwonly_params):
            if p.default is not None:
                self.visit(p.default)

    def register(self, unit: Unit) -> None:
        self.order += 1
        unit.order = self.order
        self.index.units.append(unit)
        self.index.unit_of[id(unit.node)] = unit

    def enter(self, unit: Unit, body: cst.CSTNode) -> None:
        saved = (self.unit, self.in_class_body)
        self.unit, self.in_class_body = unit, False
        self.visit(body)
        self.unit, self.in_class_body = saved

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        for decorator in node.decorators:
            self.visit(decorator.decorator)
        for arg in (*node.bases, *node.keywords):
            self.visit(arg.value)
        if self.unit is None:
            self.index.def_names.add(node.name.value)
            self.index.class_nodes[node.name.value] = node
        self.bind(node.name.value, None)
        self.class_stack.append(node.name.value)
        saved = self.in_class_body
        self.in_class_body = True
        self.visit(node.body)
        self.in_class_body = saved
        self.class_stack.pop()
        return False

    def visit_Global(self, node: cst.Global) -> bool:
        if self.unit is not None:
            self.unit.declared_global.update(n.name.value for n in node.names)
        return False

    def visit_Nonlocal(self, node: cst.Nonlocal) -> bool:
        if self.unit is not None:
            self.unit.declared_nonlocal.update(n.name.value for n in node.names)
        return False

    def visit_Assign(self, node: cst.Assign) -> bool:
        self.visit(node.value)
        only = node.targets[0].target if len(node.targets) == 1 else None
        self.index.assigned_values[id(node.value)] = only.value if type(only) is cst.Name else None
        for target in node.targets:
            self.bind_target(target.target, node.value)
        return False

    def visit_AnnAssign(self, node: cst.AnnAssign) -> bool:
        if node.value is not None:
            self.visit(node.value)
            self.bind_target(node.target, node.value)
        return False

    def visit_AugAssign(self, node: cst.AugAssign) -> bool:
        self.visit(node.value)
        if type(node.target) is cst.Name:
            # a second binding: the name now changes after definition
            self.bind(node.target.value, None, augmented=True)
        else:
            self.bind_target(node.target, None)
        return False

    def visit_For(self, node: cst.For) -> bool:
        self.visit(node.iter)
        self.block_depth += 1
        self.bind_target(node.target, None)
        self.visit(node.body)
        if node.orelse is not None:
            self.visit(node.orelse)
        self.block_depth -= 1
        return False

    def visit_With(self, node: cst.With) -> None:
        self.index.with_statements.append((self.unit, node))

    def visit_WithItem(self, node: cst.WithItem) -> bool:
        self.visit(node.item)
        if node.asname is not None:
            self.bind_target(node.asname.name, None)
        return False

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> bool:
        if node.type is not None:
            self.visit(node.type)
        if node.name is not None and type(node.name.name) is cst.Name:
            self.bind(node.name.name.value, None)
        # `try: import jax.numpy as jnp` / `except ImportError: import numpy as jnp`: the
        # module is written for what the `try` imports; the fallback keeps that name
        fallback = handler_catches(node, _IMPORT_ERRORS) and node.type is not None
        self.import_fallback += fallback
        self.visit(node.body)
        self.import_fallback -= fallback
        return False

    def visit_NamedExpr(self, node: cst.NamedExpr) -> bool:
        self.visit(node.value)
        self.bind_target(node.target, node.value)
        return False

    def visit_CompFor(self, node: cst.CompFor) -> bool:
        self.visit(node.iter)
        for name in target_names(node.target):
            if self.unit is not None:
                self.unit.assigned.setdefault(name, 0)
        for cond in node.ifs:
            self.visit(cond)
        if node.inner_for_in is not None:
            self.visit(node.inner_for_in)
        return False

    def visit_Del(self, node: cst.Del) -> bool:
        base = mutated_base(node.target)
        if base is not None and not type(node.target) is cst.Name:
            self.index.mutations.append((self.unit, base))
            self.index.store_mutations.append((self.unit, base))
            self.index.shrunk.add(base)
        return True

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        self.operator(node)

    def visit_Comparison(self, node: cst.Comparison) -> None:
        self.operator(node)

    def operator(self, node: cst.BinaryOperation | cst.Comparison) -> None:
        if type(node.left) is cst.Name:  # the only operators that call a method it follows
            self.operators.append((self.unit, node))

    def operator_calls(self) -> None:
        """The calls the module's operators make (module/operators.py), built only when a
        function of the module is named like a dunder method they call: else none of them
        can reach a function here, and building nodes for every ``a + b`` costs."""
        if not any(unit.name in OPERATOR_DUNDERS for unit in self.index.units):
            return
        for unit, node in self.operators:
            call = operator_call(node)
            if call is not None:
                self.index.operator_calls[id(node)] = (unit, call)

    def visit_Call(self, node: cst.Call) -> None:
        if self.unit is None:
            self.index.module_calls.append(node)
        else:
            self.unit.calls.append(node)
        func = node.func
        if type(func) is cst.Attribute and func.attr.value in MUTATING_METHODS:
            base = mutated_base(func.value, allow_name=True)
            if base is not None:
                self.index.mutations.append((self.unit, base))
                if func.attr.value in SHRINKING_METHODS:
                    self.index.shrunk.add(base)
        unit = self.unit
        if unit is not None and node.args and type(func) is cst.Attribute:
            path = key_path(node.args[0].value)
            if path is not None and (text := dotted_name(func)) is not None:
                unit.random_args.append((text, path))
        for arg in node.args:
            if arg.keyword is None:
                continue
            self.index.call_keywords.add(arg.keyword.value)
            if unit is not None and arg.keyword.value in ("key", "rng") and type(arg.value) is cst.Name:
                unit.key_keywords = True
                text = dotted_name(func)
                if text is not None:
                    unit.random_args.append((text, arg.value.value))


_BLOCKS = frozenset({cst.If, cst.Try, cst.TryStar, cst.While, cst.With, cst.Match})


def _head(node: cst.BaseExpression) -> str:
    while type(node) is cst.Attribute:
        node = node.value
    return node.value if type(node) is cst.Name else ""


def literal_item_key(target: cst.BaseExpression) -> str | None:
    """``"lr"`` for ``NAME["lr"]`` (a subscript of a plain name by one string literal)."""
    if not type(target) is cst.Subscript or not type(target.value) is cst.Name \
            or len(target.slice) != 1:
        return None
    index = target.slice[0].slice
    if type(index) is cst.Index and type(index.value) is cst.SimpleString:
        value = index.value.evaluated_value
        return value if isinstance(value, str) else None
    return None


def mutated_base(target: cst.BaseExpression, allow_name: bool = False) -> str | None:
    """The variable whose object a subscript/attribute store or method call mutates."""
    node = target
    if type(node) is cst.Name:
        return node.value if allow_name else None
    while isinstance(node, (cst.Subscript, cst.Attribute)):
        node = node.value
    return node.value if type(node) is cst.Name else None


def build_index(module: cst.Module, package: str | None = None) -> ModuleIndex:
    index = ModuleIndex()
    indexer = _Indexer(index, package)
    for statement in module.body:
        indexer.visit(statement)
    indexer.operator_calls()
    return index
