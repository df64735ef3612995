"""Class facts: which members of a class are Python values on a traced instance.

A pytree goes through a transform with its leaves traced and its aux data (static fields)
as the Python values it was built with. So on a traced instance a static field is a Python
value, and so is a method or property whose every ``return`` reads only static members,
literals, builtins and shapes (``len(self.link_names)``, ``self.data.shape[:-1]``).

Facts compose through fields whose class is declared (an annotation, ``params: Params``, or
a constructor stored in ``__init__``): ``self.params.number_of_links()`` is static when
``number_of_links`` is static in ``Params``, and ``self.params.joints.dofs`` when ``dofs``
is static in the class of ``Params.joints``. A class of another module is known through its
module summary (summary.py: its static members, with paths through its own fields such as
``"joints.dofs"``), under the name this module gives it (``Params``, ``js.params.Params``).

Static fields are matched by name (a field static in one class of the module is taken as
static in all), as they always were. A method called by name on a traced value is static
when every definition of that name in the module's classes is (an abstract one excepted):
overrides of a static property stay static.

A return under ``if isinstance(self.grid, C)`` reads the field as a ``C`` whatever its
annotation allows (fdtdx's grid of three classes; narrowed_returns.py). A method called with
static arguments is static when its returns are, its parameters taken as static
(``self.grid.cfl_time_step(self.courant_factor)``); the summary carries such a method as the
member ``cfl_time_step()`` (CALLED), which no attribute read matches. Names the module
imports (``constants.c``) are module attributes, never tracers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from types import MappingProxyType

import libcst as cst

from jaxpure.analysis.catalog import arrays as A
from jaxpure.analysis.catalog.arrays import STATIC_BUILTINS
from jaxpure.analysis.catalog.pytrees import LIBRARY_STATIC_FIELDS
from jaxpure.analysis.module.bindings import unpacking_of
from jaxpure.analysis.module.field_markers import (body_statements, class_var, declared_static_fields,
                                                   declared_sure_fields)
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.narrowed_returns import Narrowed, narrowed_returns
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.static_locals import StaticLocals
from jaxpure.analysis.module.class_closure import MAX_PATH, ClassConditions, ClassFields
from jaxpure.analysis.module.summary import LIBRARY_PREFIXES
from jaxpure.analysis.syntax import children, single_assignment

# methods of Python containers that give Python values (on aux data: dicts, tuples)
_CONTAINER_METHODS = frozenset({"items", "keys", "values", "get", "index", "count"})
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
# builtins whose result is a Python value when their arguments are
_OF_STATIC = STATIC_BUILTINS | {"round", "float", "abs"}
# what these say of any value, a tracer too, is a Python value: its class, a type test
_TYPE_TESTS = frozenset({"type", "isinstance", "issubclass", "callable", "hasattr"})
# a method read by this name (``grid.cfl_time_step()``) is static when called with static
# arguments: its parameters are read as the static values the call hands it
CALLED = "()"
# where the fields of ``self`` are read as a class an ``isinstance`` test named
ClassNarrowing = Mapping[str, tuple["ClassRef", ...]]
_UNNARROWED: ClassNarrowing = MappingProxyType({})
_COMPOSITE = (cst.Subscript, cst.BinaryOperation, cst.Tuple, cst.List, cst.Dict, cst.Set,
              cst.Comparison, cst.UnaryOperation, cst.BooleanOperation, cst.IfExp)

# a class this module defines ("local", name) or imports ("imported", name as written here)
ClassRef = tuple[str, str]
# what a member needs to be static: (a class of another module, a dotted path of it) pairs,
# each of which must be static there; empty: static here and now
Cond = frozenset[tuple[str, str]]
NO_CONDITION: Cond = frozenset()


def _all(parts: Iterable[Cond | None]) -> Cond | None:
    """All of ``parts`` static: the union of what they need, or None."""
    found: set[tuple[str, str]] = set()
    for part in parts:
        if part is None:
            return None
        found |= part
    return frozenset(found)


class ClassFacts:
    """``imported``: each class of another module as this module names it -> its static
    member paths (from class-facts seeds)."""

    def __init__(self, module: cst.Module, index: ModuleIndex, resolver: Resolver,
                 imported: Mapping[str, frozenset[str]]) -> None:
        self.module = module
        self.index = index
        self.resolver = resolver
        self.imported = imported
        self._methods: dict[tuple[str, str, bool], Cond | None] = {}
        self._by_name: dict[tuple[str, bool], Cond | None] = {}
        self._members: dict[str, dict[str, Cond]] = {}
        self._no_tracer: dict[str, bool] = {}

    # -- static fields, by name ---------------------------------------------------------
    @cached_property
    def imported_names(self) -> frozenset[str]:
        """Member names static in some imported class (the last part of a path)."""
        return frozenset(path.rsplit(".", 1)[-1] for paths in self.imported.values()
                         for path in paths)

    @cached_property
    def local_static_fields(self) -> frozenset[str]:
        """Fields a class of this module declares static (module/field_markers.py)."""
        return declared_static_fields(self.module, self.index, self.resolver)

    @cached_property
    def sure_fields(self) -> frozenset[str]:
        """Fields this module's classes type, each time, as no None (module/field_markers.py)."""
        return declared_sure_fields(self.index)

    @cached_property
    def static_fields(self) -> frozenset[str]:
        """Static field names of this module's classes, of the classes it imports, and of the
        library pytrees of the packages it imports (catalog/pytrees.py)."""
        return self.local_static_fields | self.imported_names | self.library_static_fields

    @cached_property
    def library_static_fields(self) -> frozenset[str]:
        """Static fields of the library pytrees of the packages the module imports: labels
        of the library's values whatever else is known of them (an xarray's ``coords``)."""
        imported = self.index.imports.aliases.values()
        return frozenset(field for package, fields in LIBRARY_STATIC_FIELDS.items()
                         if any(q == package or q.startswith(package + ".") for q in imported)
                         for field in fields)

    # -- methods and properties ---------------------------------------------------------
    def static_method(self, name: str, as_property: bool = False) -> bool:
        """Every definition of ``name`` in the module's classes (abstract ones aside, at
        least one concrete) returns only static values; ``as_property``: read as an
        attribute, so each of them must be a ``@property``."""
        return self._by_name_static(name, as_property) == NO_CONDITION

    def _by_name_static(self, name: str, as_property: bool = False) -> Cond | None:
        key = (name, as_property)
        if key not in self._by_name:
            self._by_name[key] = None  # a definition that reads itself is not static
            found = [(cls, methods[name]) for cls, methods in self.index.classes.items()
                     if name in methods]
            concrete = [(cls, unit) for cls, unit in found if not abstract_method(unit)]
            if concrete and all(not as_property or _is_property(unit.node) for _c, unit in found):
                self._by_name[key] = _all(self._returns_static(cls, unit) for cls, unit in concrete)
        return self._by_name[key]

    def _method(self, cls: str, name: str, given: bool = False) -> Cond | None:
        """``self.<name>`` (called, or read as a property) on an instance of the class;
        ``given``: called with static arguments."""
        unit = self._lookup(cls, name)
        if unit is None:
            return None
        if abstract_method(unit):
            return None if given else self._by_name_static(name)  # whatever override runs
        key = (cls, name, given)
        if key not in self._methods:
            self._methods[key] = None
            self._methods[key] = self._returns_static(cls, unit, given)
        return self._methods[key]

    def _lookup(self, cls: str, name: str, depth: int = 0) -> Unit | None:
        """The method ``name`` of a class of this module, or of its bases in this module."""
        unit = self.index.classes.get(cls, {}).get(name)
        node = self.index.class_nodes.get(cls)
        if unit is not None or node is None or depth > 5:
            return unit
        for base in node.bases:
            if type(base.value) is cst.Name and base.value.value in self.index.class_nodes:
                unit = self._lookup(base.value.value, name, depth + 1)
                if unit is not None:
                    return unit
        return None

    def _returns_static(self, cls: str, unit: Unit, given: bool = False) -> Cond | None:
        """Every value the method returns is static (each under the ``isinstance`` tests
        on ``self``'s fields around it); ``given``: its parameters static too."""
        node = unit.node
        if type(node) is not cst.FunctionDef or not unit.params or unit.is_staticmethod:
            return None
        self_name = unit.params[0].name
        if self_name in unit.assigned:
            return None
        values = narrowed_returns(node, self_name)
        if not values:
            return None
        names = self._static_locals(cls, unit, node, self_name, given)
        return _all(self._static(value, cls, self_name, names, self._narrowing(narrowed))
                    for value, narrowed in values)

    def _narrowing(self, narrowed: Narrowed) -> ClassNarrowing:
        """The classes each narrowed field holds, where the module names them all."""
        found: dict[str, tuple[ClassRef, ...]] = {}
        for field, classes in narrowed.items():
            refs = [self._named_class(c) for c in classes]
            if all(ref is not None for ref in refs):
                found[field] = tuple(ref for ref in refs if ref is not None)
        return found

    @cached_property
    def _imported_names(self) -> dict[str, Cond]:
        """The names the module imports: modules, classes, constants, never tracers."""
        return dict.fromkeys(self.index.imports.aliases, NO_CONDITION)

    def _static_locals(self, cls: str, unit: Unit, node: cst.FunctionDef,
                       self_name: str, given: bool = False) -> Mapping[str, Cond]:
        """Locals the method binds once to a static value (``count = len(self.axes)``,
        ``dx, dy = self.min_spacings``), the parameters when ``given``, and the names the
        module imports (``constants.c``) that the method does not rebind; each local
        worked out when read (static_locals.py)."""
        found = dict(self._imported_names)
        for name in unit.assigned:
            found.pop(name, None)  # rebound here: whatever the method binds
        for position, param in enumerate(unit.params):
            found.pop(param.name, None)
            if given and position > 0:  # not `self`
                found[param.name] = NO_CONDITION

        def value_of(name: str) -> cst.BaseExpression | None:
            value = single_assignment(node.body, name)
            unpacked = unpacking_of(node.body, name) if value is None else None
            return unpacked[0] if unpacked is not None else value

        return StaticLocals(found, {name for name, count in unit.assigned.items() if count == 1},
                            value_of, lambda value, names: self._static(value, cls, self_name, names))

    def _static(self, node: cst.CSTNode, cls: str, self_name: str,
                names: Mapping[str, Cond | None],
                narrowed: ClassNarrowing = _UNNARROWED) -> Cond | None:
        """Every value ``node`` reads is static: a literal, a builtin, a static local, a
        static member of ``self`` (through its fields' classes), a shape. None when it is
        not; the static paths of classes of other modules it needs, when it may be."""
        if type(node) is cst.Name:
            if node.value in names:
                return names[node.value]
            # a class of this module is a Python object (`{ModelJAX: Impl.JAX}`, an enum)
            return NO_CONDITION if node.value in _OF_STATIC or node.value in self.index.class_nodes \
                or node.value in ("None", "True", "False") else None
        if type(node) is cst.Attribute:
            if type(node.value) is cst.Name and node.value.value in names \
                    and names[node.value.value] is None:
                # `info.dimensions` of an item of a field iterated: static if declared so
                return NO_CONDITION if self._static_item_member(node.attr.value) else None
            path = _path(node, self_name)
            if path is not None:
                return self.path_static(("local", cls), path, narrowed=narrowed)
            if node.attr.value in A.SHAPE_ATTRS:
                return NO_CONDITION  # `self.parameters().shape`: of whatever array it returns
            return self._static(node.value, cls, self_name, names, narrowed)  # of a Python value
        if type(node) is cst.Call:
            func = node.func
            parts: list[Cond | None] = [self._static(a.value, cls, self_name, names, narrowed)
                                        for a in node.args]
            if type(func) is cst.Name and func.value in _TYPE_TESTS:
                return NO_CONDITION  # `type(self._impl)`: a class, even of a tracer
            if type(func) is cst.Name:
                # `len(...)`, or `Slot(label=self.label)`: a class holding aux data only
                return _all(parts) if func.value in _OF_STATIC or (
                    func.value in self.index.class_nodes and self.holds_no_tracer(func.value)) \
                    else None
            if type(func) is cst.Attribute:
                if func.attr.value == "keys" and not node.args:
                    # `self.edges.keys()`: a dict's keys are its pytree structure, never
                    # tracers (a tracer is unhashable), whatever its entries hold
                    return NO_CONDITION
                path = _path(func, self_name)
                if path is not None:  # `self.params.number_of_links()`
                    return _all(parts + [self._called(cls, path, parts, narrowed)])
                if func.attr.value in _CONTAINER_METHODS:  # `self.axes.items()`
                    return _all(parts + [self._static(func.value, cls, self_name, names, narrowed)])
                if (self.resolver.qualname(func, None) or "").startswith(("math.", "numpy.")):
                    # `math.ceil(self.a_start / self.a_lpt_maxstep)`: a Python number;
                    # `np.sqrt(inv_metric)` a NumPy one (a tracer would raise)
                    return _all(parts)
            return None
        if isinstance(node, _COMPREHENSIONS):
            return self._static_comprehension(node, cls, self_name, names, narrowed)
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return NO_CONDITION
        if isinstance(node, cst.BaseExpression) and not isinstance(node, _COMPOSITE):
            return None
        # a composite expression, or the operators, brackets and slices inside one
        return _all(self._static(child, cls, self_name, names, narrowed) for child in children(node))

    def _called(self, cls: str, path: tuple[str, ...], parts: list[Cond | None],
                narrowed: ClassNarrowing) -> Cond | None:
        """``self.<path>(...)``: a static member, or, its arguments all static, a method
        static when given static values (``self.grid.cfl_time_step(self.courant_factor)``)."""
        found = self.path_static(("local", cls), path, narrowed=narrowed)
        if found is None and _all(parts) is not None:
            found = self.path_static(("local", cls), path[:-1] + (path[-1] + CALLED,),
                                     narrowed=narrowed)
        return found

    def _static_comprehension(self, node: cst.CSTNode, cls: str, self_name: str,
                              names: Mapping[str, Cond | None],
                              narrowed: ClassNarrowing) -> Cond | None:
        """``tuple(self.shape_of[d] for d in self.axes)``: static iterables and conditions
        make static targets."""
        found: list[Cond | None] = []
        comp: cst.CompFor | None = node.for_in  # type: ignore[attr-defined]
        while comp is not None:
            iterable = self._static(comp.iter, cls, self_name, names, narrowed)
            if iterable is None and _path(comp.iter, self_name) is not None:
                # `for info in self.infos`: how many items a field's list holds is pytree
                # structure; an item is no Python value, but its static fields are
                # (None marks the target: read bare, it is not static)
                names = {**names, **dict.fromkeys(_target_names(comp.target))}
                comp = comp.inner_for_in
                continue
            if iterable is None:
                return None
            names = {**names, **{name: iterable for name in _target_names(comp.target)}}
            # the conditions only choose among the iterable's static items (a traced test
            # raises before it chooses): `[k for k in self.edges.keys() if k.name == name]`
            found.append(iterable)
            comp = comp.inner_for_in
        parts = (node.key, node.value) if type(node) is cst.DictComp \
            else (node.elt,)  # type: ignore[attr-defined]
        return _all(found + [self._static(part, cls, self_name, names, narrowed) for part in parts])

    def _static_item_member(self, name: str) -> bool:
        """A member read on an item of a field iterated (a record of a pytree's list, or a
        row of an array) that is a Python value: a static field (by name, as everywhere
        here, an array's own attributes aside) or a shape."""
        return name in A.STATIC_ATTRS \
            or name in self.static_fields and name not in A.ARRAY_ATTRS

    # -- composing through fields -------------------------------------------------------
    def path_static(self, owner: ClassRef, path: tuple[str, ...], depth: int = 0,
                    narrowed: ClassNarrowing = _UNNARROWED) -> Cond | None:
        """``self.<path>`` (``("params", "joints", "dofs")``) on an instance of ``owner``
        is static: a shape, a static member, or a static path of a field's class (of each
        class an ``isinstance`` test narrowed the field to: ``narrowed``). For a class of
        another module whose facts this module lacks (analysed before them), the condition
        (that class, the path) for the summaries to settle (summary.py). A last part
        ending in CALLED: a method called with static arguments."""
        if any(part in A.STATIC_ATTRS for part in path[1:]):
            return NO_CONDITION  # `self.params.shape`
        kind, name = owner
        if kind == "imported":
            paths = self.imported.get(name)
            if paths is None:
                return frozenset({(name, ".".join(path))})
            return NO_CONDITION if any(".".join(path[:i]) in paths
                                       for i in range(1, len(path) + 1)) else None
        head = path[0]
        if head in A.STATIC_ATTRS or head in self.static_fields and head not in A.ARRAY_ATTRS:
            return NO_CONDITION
        if head.endswith(CALLED):
            return self._method(name, head[:-len(CALLED)], given=True) if len(path) == 1 else None
        if self._lookup(name, head) is not None:
            return self._method(name, head)
        if head in narrowed and len(path) > 1:
            return _all(self.path_static(ref, path[1:], depth + 1) for ref in narrowed[head])
        field = self.field_class(name, head)
        if field is None or len(path) == 1 or depth >= 2 * MAX_PATH:
            return None
        return self.path_static(field, path[1:], depth + 1)

    def field_class(self, cls: str, field: str, depth: int = 0) -> ClassRef | None:
        """The class a field of a class of this module holds, where it is declared: an
        annotation (``params: Params``, ``Params | None``, ``"Params"``) naming a class of
        this module or one the module imports, or the one class every ``self.<field> =
        ...`` in the class constructs."""
        node = self.index.class_nodes.get(cls)
        if node is None or depth > 5:
            return None
        for small in body_statements(node):
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                    and small.target.value == field:
                return self._named_class(_unwrap(small.annotation.annotation))
        stores = self.index.self_stores.get((cls, field))
        if stores:
            found = {self._named_class(v.func) if type(v) is cst.Call else None for v in stores}
            return found.pop() if len(found) == 1 else None
        for base in node.bases:
            if type(base.value) is cst.Name and base.value.value in self.index.class_nodes:
                found_base = self.field_class(base.value.value, field, depth + 1)
                if found_base is not None:
                    return found_base
        return None

    def _named_class(self, expr: cst.BaseExpression | None) -> ClassRef | None:
        """A class of this module, or a name the module imports that is not a library's."""
        text = dotted_name(expr) if expr is not None else None
        if text is None:
            return None
        if text in self.index.class_nodes and len(self.index.bindings.get(text, ())) <= 1:
            return ("local", text)
        if text in self.imported:
            return ("imported", text)
        qualified = self.resolver.qualname_text(text, None)
        if qualified is None or "." not in qualified or qualified.startswith(LIBRARY_PREFIXES):
            return None
        return ("imported", text)

    # -- what the module summary carries ------------------------------------------------
    def members(self, cls: str) -> frozenset[str]:
        """The static members of a class of this module: its static fields, methods and
        properties built only from static values, and paths through fields whose class is
        declared (``"joints.dofs"``), up to MAX_PATH parts."""
        return frozenset(name for name, cond in self.member_conditions(cls).items()
                         if cond == NO_CONDITION)

    def member_conditions(self, cls: str) -> dict[str, Cond]:
        """The members of a class of this module that are static, each with what it needs
        of classes of other modules whose facts are not known here (nothing, mostly)."""
        found = self._members.get(cls)
        if found is not None:
            return found
        self._members[cls] = {}  # a class holding itself adds nothing more
        node = self.index.class_nodes[cls]
        members: dict[str, Cond] = {}
        for name in self._declared(cls, node):
            if name in self.local_static_fields and name not in A.ARRAY_ATTRS:
                members[name] = NO_CONDITION
        for name, unit in self.index.classes.get(cls, {}).items():
            cond = self._method(cls, name) \
                if not name.startswith("__") and not abstract_method(unit) else None
            if cond is None and name in self.local_static_fields and _is_property(unit.node):
                # a property the flatten function hands over as aux data (clrs's `type_`,
                # read through a converter): what a transform rebuilds the instance with
                cond = NO_CONDITION
            if cond is not None:
                members[name] = cond
            elif len(unit.params) > 1 and not _is_property(unit.node) \
                    and not name.startswith("__") and not abstract_method(unit):
                given = self._method(cls, name, given=True)
                if given is not None:
                    members[name + CALLED] = given
        for name in sorted(self._declared(cls, node) - members.keys()):
            owner = self.field_class(cls, name)
            if owner is None:
                continue
            inner = self.members(owner[1]) if owner[0] == "local" \
                else self.imported.get(owner[1], frozenset())
            members.update((f"{name}.{path}", NO_CONDITION) for path in inner
                           if path.count(".") + 2 <= MAX_PATH)
        self._members[cls] = members
        return members

    def property_fields(self) -> tuple[frozenset[str], frozenset[str]]:
        """For the project's index of static fields (module/field_index.py): the names of
        the properties of the module's classes that are static on every instance (pmwd's
        ``dim``, ``len(self.ptcl_grid_shape)`` over aux data), and of those that may not be
        (a name both ways is the latter)."""
        static: set[str] = set()
        other: set[str] = set()
        for cls, methods in self.index.classes.items():
            for name, unit in methods.items():
                if _is_property(unit.node):
                    # a class defined in a function has no facts here: not known static
                    known = cls in self.index.class_nodes \
                        and self.member_conditions(cls).get(name) == NO_CONDITION
                    (static if known else other).add(name)
        return frozenset(static - other), frozenset(other)

    def _declared(self, cls: str, node: cst.ClassDef) -> set[str]:
        declared = {small.target.value for small in body_statements(node)
                    if type(small) is cst.AnnAssign and type(small.target) is cst.Name}
        declared.update(attr for owner, attr in self.index.self_stores if owner == cls)
        return declared

    def summary(self, module: str) -> tuple[ClassConditions, ClassFields]:
        """For the module summary, by qualified class names: the members of each class
        that are static only if some paths of classes of other modules are, and the
        classes its fields hold (summary.py settles both across the project)."""
        conditional = []
        fields = []
        for cls, node in self.index.class_nodes.items():
            pending = tuple(sorted(
                (name, tuple(sorted((self._qualified(owner, module), path) for owner, path in cond)))
                for name, cond in self.member_conditions(cls).items() if cond))
            if pending:
                conditional.append((cls, pending))
            held = tuple(sorted(
                (name, self._qualified(owner[1], module) if owner[0] == "imported" else f"{module}.{owner[1]}")
                for name in self._declared(cls, node)
                for owner in [self.field_class(cls, name)] if owner is not None))
            if held:
                fields.append((cls, held))
        return tuple(conditional), tuple(fields)

    def _qualified(self, shown: str, module: str) -> str:
        return self.resolver.qualname_text(shown, None) or f"{module}.{shown}"

    def holds_no_tracer(self, cls: str) -> bool:
        """Every field that the class, its bases and its subclasses in this module declare
        or store is static, and some is: an instance holds aux data only (a hashable Python
        object, rebuilt as such by a transform), never a tracer."""
        if cls not in self._no_tracer:
            self._no_tracer[cls] = self._holds_no_tracer(cls)
        return self._no_tracer[cls]

    def _holds_no_tracer(self, cls: str) -> bool:
        classes = self.index.class_nodes
        bases = {name: {b.value.value for b in node.bases
                        if type(b.value) is cst.Name and b.value.value in classes}
                 for name, node in classes.items()}
        family = _closure({cls}, lambda name: bases.get(name, set()))  # its bases here
        family |= _closure({cls}, lambda name: {n for n, b in bases.items() if name in b})
        fields: set[str] = set()
        for name in family:
            fields.update(small.target.value for small in body_statements(self.index.class_nodes[name])
                          if type(small) is cst.AnnAssign and type(small.target) is cst.Name
                          and not class_var(small.annotation.annotation))
            fields.update(attr for owner, attr in self.index.self_stores if owner == name)
        return bool(fields) and fields <= self.local_static_fields


def _closure(start: set[str], step: Callable[[str], set[str]]) -> set[str]:
    found = set(start)
    frontier = list(start)
    while frontier:
        for name in step(frontier.pop()):
            if name not in found:
                found.add(name)
                frontier.append(name)
    return found


def _path(node: cst.BaseExpression, first: str) -> tuple[str, ...] | None:
    """``self.a.b`` -> ("a", "b") when the chain starts at the name ``first``."""
    parts: list[str] = []
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is cst.Name and node.value == first and parts:
        return tuple(reversed(parts))
    return None


def _target_names(target: cst.BaseExpression) -> frozenset[str]:
    if type(target) is cst.Name:
        return frozenset({target.value})
    if isinstance(target, (cst.Tuple, cst.List)):
        return frozenset().union(*(_target_names(e.value) for e in target.elements))
    return frozenset()


def _unwrap(annotation: cst.BaseExpression) -> cst.BaseExpression | None:
    """The class of ``X``, ``X | None``, ``Optional[X]``, ``"X"``."""
    if type(annotation) is cst.SimpleString:
        try:
            annotation = cst.parse_expression(str(annotation.evaluated_value))
        except cst.ParserSyntaxError:
            return None
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = [s for s in (annotation.left, annotation.right)
                 if not (type(s) is cst.Name and s.value == "None")]
        return _unwrap(sides[0]) if len(sides) == 1 else None
    if type(annotation) is cst.Subscript and len(annotation.slice) == 1 \
            and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] == "Optional":
        inner = annotation.slice[0].slice
        return _unwrap(inner.value) if type(inner) is cst.Index else None
    return annotation


def _is_property(node: cst.CSTNode) -> bool:
    return type(node) is cst.FunctionDef and any(
        (dotted_name(d.decorator) or "").rsplit(".", 1)[-1] in ("property", "cached_property")
        for d in node.decorators)


def abstract_method(unit: Unit) -> bool:
    """Declared abstract, or a body that only documents, passes or raises
    NotImplementedError: an override supplies the value."""
    node = unit.node
    if type(node) is not cst.FunctionDef:
        return False
    if any((dotted_name(d.decorator) or "").endswith("abstractmethod") for d in node.decorators):
        return True
    body = node.body.body if type(node.body) is cst.IndentedBlock else ()
    return all(type(line) is cst.SimpleStatementLine and all(map(_placeholder, line.body))
               for line in body)


def _placeholder(small: cst.BaseSmallStatement) -> bool:
    """A docstring, ``...``, ``pass`` or ``raise NotImplementedError(...)``."""
    if type(small) is cst.Expr:
        return isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString, cst.Ellipsis))
    if type(small) is cst.Raise and small.exc is not None:
        exc = small.exc.func if type(small.exc) is cst.Call else small.exc
        return (dotted_name(exc) or "").endswith("NotImplementedError")
    return type(small) is cst.Pass
