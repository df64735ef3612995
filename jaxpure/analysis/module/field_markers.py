"""Which fields the classes of a module declare static: the marks a pytree library puts on
a field that is aux data, not a leaf. A transform hands such a field through as the Python
value the instance was built with, so on a traced instance it is never a tracer.

The marks: flax ``struct.field(pytree_node=False)``, equinox ``field(static=True)``,
``metadata=dict(static=True)``, ``register_dataclass``'s ``meta_fields`` (decorator or call),
jax_dataclasses ``Static[...]``, jax_md's ``static_field()``, treeo's ``to.static()``, and helpers of the module like
it, ``ClassVar[...]`` (a class attribute, not a field), the aux data a flatten function
returns (``tree_flatten``'s second element, read through a local it names, or a dict of the
dataclass's own fields: module/aux_dicts.py), every field
of a class registered with ``jax.tree_util.register_static`` (a pytree without leaves), and
pytreeclass's frozen fields (``tc.field(on_setattr=[tc.freeze])``, directly or through a
helper of this module or another: module/frozen_fields.py).

And, for the project's index of static fields (module/field_index.py), the fields the
module's classes that may be pytrees declare as leaves: a name static in one class of the
project and a leaf in another is no evidence either way.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.pytrees import (
    AUX_REGISTRATIONS,
    PYTREE_REGISTRATIONS,
    STATIC_FIELD_FUNCTIONS,
    STATIC_FIELD_MARKERS,
    STATIC_REGISTRATIONS,
)
from jaxpure.analysis.module.annotations import declares_field_instance
from jaxpure.analysis.module.aux_decorators import aux_decorated_fields
from jaxpure.analysis.module.aux_dicts import aux_dict_fields, fields_dict
from jaxpure.analysis.module.frozen_fields import SETATTR, freezes, imported_factory_names, sets_attributes
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import push_children, descendants, returned_values, single_assignment, str_literals

_MARKER_WORDS = ("static", "pytree_node")
_FLATTEN_METHODS = ("tree_flatten", "tree_flatten_with_keys")
_FLATTENED_DECORATORS = ("jax.tree_util.register_pytree_node_class",
                         "jax.tree_util.register_pytree_with_keys_class")


def declared_static_fields(module: cst.Module, index: ModuleIndex,
                           resolver: Resolver) -> frozenset[str]:
    """The names of the fields the module's classes declare static, by any of the marks."""
    found: set[str] = aux_data_fields(index, resolver) | leafless_class_fields(index, resolver)
    for call in index.module_calls:
        # register_dataclass(Input, data_fields=[...], meta_fields=["counts"]) called
        # after the class, as gemma registers its vision inputs
        if resolver.qualname(call.func, None) == "jax.tree_util.register_dataclass":
            meta = [a.value for a in call.args if a.keyword is not None
                    and a.keyword.value == "meta_fields"] or \
                [a.value for a in call.args[2:3] if a.keyword is None and not a.star]
            for value in meta:
                found.update(str_literals(value) or ())
    factories = _static_field_factories(module, index, resolver)
    for node in index.class_nodes.values():
        # @partial(pytree_dataclass, aux_fields=Ellipsis): a project decorator's aux data
        found.update(aux_decorated_fields(index, resolver, node, index.aux_decorators))
        for decorator in node.decorators:
            # @partial(register_dataclass, data_fields=[...], meta_fields=["act"])
            expr = decorator.decorator
            if type(expr) is cst.Call:
                for arg in expr.args:
                    if arg.keyword is not None and arg.keyword.value == "meta_fields":
                        found.update(str_literals(arg.value) or ())
        for small in body_statements(node):
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                    and _declares_static(module, small, factories, resolver):
                found.add(small.target.value)
    return frozenset(found)


def _declares_static(module: cst.Module, small: cst.AnnAssign, factories: frozenset[str],
                     resolver: Resolver) -> bool:
    """``time_axis: int = static_field(2)``, ``Static[int]``, ``ClassVar[int]``,
    ``tc.field(on_setattr=[tc.freeze])``."""
    annotation = small.annotation.annotation
    return small.value is not None and (_marks_static(module, small.value)
                                        or _calls_factory(small.value, factories)
                                        or _library_static(small.value, resolver)
                                        or freezes(small.value, resolver)) \
        or _static_annotation(annotation) or class_var(annotation)


def _library_static(value: cst.BaseExpression, resolver: Resolver) -> bool:
    """``_n_params: Optional[int] = to.static(None)``: a library's static field function."""
    return type(value) is cst.Call \
        and resolver.qualname(value.func, None) in STATIC_FIELD_FUNCTIONS


def declared_leaf_fields(module: cst.Module, index: ModuleIndex, resolver: Resolver,
                         static: frozenset[str]) -> frozenset[str]:
    """The fields the module's classes that may be pytrees declare as leaves: the fields of
    their bodies not marked static and not named by their registration's ``meta_fields``,
    and for a class flattened by functions (``tree_flatten``, ``register_pytree_node``)
    what its methods store on ``self`` outside the aux data. A class with no base and no
    decorator but ``dataclass`` that nothing registers is no pytree (a config a jitted
    function cannot take traced); any other may be one (a NamedTuple, an ``eqx.Module``, a
    subclass of a project base). ``static``: the module's static field names."""
    registered = registrations(index, resolver)
    factories = _static_field_factories(module, index, resolver)
    leafless = _leafless_classes(index, resolver)
    found: set[str] = set()
    for name, node in index.class_nodes.items():
        flattened = name in index.classes and "tree_flatten" in index.classes[name] \
            or name in registered and len(registered[name].args) >= 3
        aux = _aux_dict_fields(index, resolver, name) if flattened else frozenset()
        fields = [small.target.value for small in body_statements(node)
                  if type(small) is cst.AnnAssign and type(small.target) is cst.Name
                  and not _declares_static(module, small, factories, resolver)
                  and small.target.value not in aux]
        if not (fields or flattened) or name in leafless \
                or not may_be_pytree(node, name in registered, resolver):
            continue
        meta = set(_meta_fields(node, registered.get(name))) \
            | aux_decorated_fields(index, resolver, node, index.aux_decorators)
        found.update(field for field in fields if field not in meta)
        if flattened or _decorated_flattened(node, resolver):
            found.update(attr for owner, attr in index.self_stores
                         if owner == name and attr not in static)
    return frozenset(found)


def registrations(index: ModuleIndex, resolver: Resolver) -> dict[str, cst.Call]:
    """The module's classes a call at module level registers as pytrees, by name
    (``register_pytree_node(State, flatten, unflatten)``), with that call."""
    return {call.args[0].value.value: call for call in index.module_calls
            if call.args and type(call.args[0].value) is cst.Name
            and resolver.qualname(call.func, None) in PYTREE_REGISTRATIONS}


def may_be_pytree(node: cst.ClassDef, registered: bool, resolver: Resolver) -> bool:
    """Whether a class of the module may be a pytree: any class but one with no base and
    no decorator but ``dataclass`` that nothing (``registered``) registers."""
    if registered or any(not (type(b.value) is cst.Name and b.value.value == "object")
                         for b in node.bases):
        return True
    return any(resolver.qualname(d.decorator.func if type(d.decorator) is cst.Call
                                 else d.decorator, None) != "dataclasses.dataclass"
               for d in node.decorators)


def _decorated_flattened(node: cst.ClassDef, resolver: Resolver) -> bool:
    """``@register_pytree_node_class``: flattened by the class's own ``tree_flatten``."""
    return any(resolver.qualname(d.decorator, None) in _FLATTENED_DECORATORS
               for d in node.decorators)


def _meta_fields(node: cst.ClassDef, registration: cst.Call | None) -> list[str]:
    """The ``meta_fields`` a ``register_dataclass`` decorator or call gives the class."""
    found: list[str] = []
    calls = [d.decorator for d in node.decorators if type(d.decorator) is cst.Call]
    for call in calls + ([registration] if registration is not None else []):
        for arg in call.args:
            if arg.keyword is not None and arg.keyword.value == "meta_fields":
                found.extend(str_literals(arg.value) or ())
        if call is registration and len(call.args) >= 3 and call.args[2].keyword is None:
            found.extend(str_literals(call.args[2].value) or ())
    return found


def aux_data_fields(index: ModuleIndex, resolver: Resolver) -> set[str]:
    """The attributes read in the second element of what a flatten function returns
    (``lambda s: ((s.obs,), s.done)``), for those given to ``register_pytree_node`` and
    ``tree_flatten``s; through a local the function binds once (clrs's ``meta = (self.name,
    self.location, self.type_)``, then ``return data, meta``)."""
    flatteners: list[cst.CSTNode] = []
    for call in index.module_calls:
        if resolver.qualname(call.func, None) in AUX_REGISTRATIONS and len(call.args) >= 2:
            flatten = call.args[1].value
            unit = resolver.function(flatten, None)
            flatteners.append(unit.node if unit is not None else flatten)
    flatteners.extend(u.node for u in index.units if u.parent_is_class
                      and u.name in _FLATTEN_METHODS)
    found: set[str] = set()
    for name in index.class_nodes:
        found.update(_aux_dict_fields(index, resolver, name))
    for node in flatteners:
        if not isinstance(node, (cst.FunctionDef, cst.Lambda)):
            continue
        for value in returned_values(node):
            if type(value) is cst.Tuple and len(value.elements) == 2:
                aux: cst.BaseExpression | None = value.elements[1].value
                if type(aux) is cst.Name and type(node) is cst.FunctionDef:
                    aux = single_assignment(node.body, aux.value)
                # a dict of the dataclass fields names none of them by attribute (its
                # `f.name` is no field): read whole above, by _aux_dict_fields
                stack: list[cst.CSTNode] = [aux] if aux is not None \
                    and not fields_dict(aux, resolver) else []
                while stack:
                    current = stack.pop()
                    if type(current) is cst.Attribute:
                        found.add(current.attr.value)
                    push_children(current, stack)
    return found


def _aux_dict_fields(index: ModuleIndex, resolver: Resolver, name: str) -> frozenset[str]:
    """The fields the class's own ``tree_flatten`` returns as aux data in a dict of its
    dataclass fields (``{f.name: getattr(self, f.name) for f in fields(self)}`` less what
    it deletes: module/aux_dicts.py)."""
    found: set[str] = set()
    for method in _FLATTEN_METHODS:
        unit = index.classes.get(name, {}).get(method)
        if unit is None or type(unit.node) is not cst.FunctionDef:
            continue
        for value in returned_values(unit.node):
            if type(value) is cst.Tuple and len(value.elements) == 2:
                found.update(aux_dict_fields(unit.node, value.elements[1].value,
                                             _class_fields(index.class_nodes[name]), resolver))
    return frozenset(found)


def _class_fields(node: cst.ClassDef) -> frozenset[str]:
    """The fields a (dataclass) body declares: its annotated names but class variables."""
    return frozenset(small.target.value for small in body_statements(node)
                     if type(small) is cst.AnnAssign and type(small.target) is cst.Name
                     and not class_var(small.annotation.annotation))


def leafless_class_fields(index: ModuleIndex, resolver: Resolver) -> set[str]:
    """Every field of the classes registered with ``register_static`` (decorated, or the
    class handed to the call): such a class flattens to no leaves, its instance is aux data
    whole, so under jit every field of it is the Python value it was built with (the
    declared ones and those ``__init__`` stores)."""
    found: set[str] = set()
    for name in _leafless_classes(index, resolver):
        found.update(_class_fields(index.class_nodes[name]))
        found.update(attr for owner, attr in index.self_stores if owner == name)
    return found


def _leafless_classes(index: ModuleIndex, resolver: Resolver) -> set[str]:
    """The module's classes registered with ``register_static``."""
    classes = {name for name, node in index.class_nodes.items()
               if any(resolver.qualname(d.decorator, None) in STATIC_REGISTRATIONS
                      for d in node.decorators)}
    classes.update(call.args[0].value.value for call in index.module_calls
                   if call.args and type(call.args[0].value) is cst.Name
                   and resolver.qualname(call.func, None) in STATIC_REGISTRATIONS)
    return classes & index.class_nodes.keys()


def body_statements(node: cst.ClassDef) -> list[cst.BaseSmallStatement]:
    """The small statements written directly in the class body (field declarations)."""
    body = node.body.body if type(node.body) is cst.IndentedBlock else ()
    return [small for line in body if type(line) is cst.SimpleStatementLine
            for small in line.body]


def class_var(annotation: cst.BaseExpression) -> bool:
    """``ClassVar[int]``: an attribute of the class, set once for all its instances (jaxlie's
    ``parameters_dim``), never a field a transform flattens."""
    head = annotation.value if type(annotation) is cst.Subscript else annotation
    return (dotted_name(head) or "").rsplit(".", 1)[-1] == "ClassVar"


def _marks_static(module: cst.Module, value: cst.BaseExpression) -> bool:
    """``value``'s text declares a static field (``field(pytree_node=False)``)."""
    return _may_mark_static(value) and _marks_static_text(module.code_for_node(value))


def _static_field_factories(module: cst.Module, index: ModuleIndex,
                            resolver: Resolver) -> frozenset[str]:
    """Names whose call declares a static field: ``static_field`` (jax_md, and a common
    helper name), functions of this module returning a static ``field(...)`` and those of
    other modules it imports (module/frozen_fields.py)."""
    found = resolver.memo.get("static_field_factories")
    if found is not None:
        return found
    names = {"static_field"} | imported_factory_names(index, resolver)
    # no call passes `static=`, `pytree_node=` or `metadata=`: no function declares a field
    marked = not index.call_keywords.isdisjoint(_DECLARING_KEYWORDS)
    for unit in index.units if marked else ():
        if unit.parent is None and type(unit.node) is cst.FunctionDef \
                and any(_may_declare_field(call) for call in unit.calls) and any(
                _marks_static(module, value)
                for value in returned_values(unit.node) if value is not None):
            names.add(unit.name)
    names |= frozen_field_factories(index, resolver, frozenset(names))
    found = resolver.memo["static_field_factories"] = frozenset(names)
    return found


def exported_field_factories(module: cst.Module, index: ModuleIndex,
                             resolver: Resolver) -> tuple[str, ...]:
    """For the summary: the module-level functions of this module whose call declares a
    static field (module/field_index.py)."""
    return tuple(sorted(name for name in _static_field_factories(module, index, resolver)
                        if name in index.defs))


def frozen_field_factories(index: ModuleIndex, resolver: Resolver,
                           known: frozenset[str]) -> frozenset[str]:
    """The module-level functions that return a frozen field (``tc.field(on_setattr=[...,
    tc.freeze])``) or what another factory returns (fdtdx's ``frozen_private_field`` returns
    ``frozen_field(...)``), ``known`` the factories found so far."""
    names = set(known)
    units = [unit for unit in index.units if unit.parent is None
             and type(unit.node) is cst.FunctionDef and unit.name not in names]
    setting = SETATTR in index.call_keywords  # else no call can declare a frozen field
    changed = True
    while changed:  # a factory returning another's field: until no more are found
        changed = False
        current = frozenset(names)
        for unit in units:
            # only a function calling with `on_setattr=` or calling a factory can be one
            if unit.name not in names and type(unit.node) is cst.FunctionDef and any(
                    _called_name(call) in current or setting and sets_attributes(call)
                    for call in unit.calls) and any(
                    freezes(value, resolver) or _calls_factory(value, current)
                    for value in returned_values(unit.node) if value is not None):
                names.add(unit.name)
                changed = True
    return frozenset(names - known)


def _marks_static_text(text: str) -> bool:
    text = text.replace(" ", "")
    return any(marker in text for marker in STATIC_FIELD_MARKERS)


def _may_mark_static(node: cst.CSTNode) -> bool:
    """A ``static=``/``pytree_node=`` keyword or a string naming one is written under
    ``node``: only then can its text hold a marker (generating the text costs more than
    parsing it, so it is not generated for the other values)."""
    return any(type(n) is cst.Arg and n.keyword is not None
               and n.keyword.value in _MARKER_WORDS
               or type(n) is cst.SimpleString and any(w in n.value for w in _MARKER_WORDS)
               for n in (node, *descendants(node)))


_DECLARING_KEYWORDS = frozenset({*_MARKER_WORDS, "metadata"})


def _may_declare_field(call: cst.Call) -> bool:
    """``field(pytree_node=False)``, ``field(metadata={"static": True})``: only a function
    making such a call can return a static field (walking every function's returns for
    the marker is what this spares)."""
    return any(arg.keyword is not None and arg.keyword.value in _DECLARING_KEYWORDS
               for arg in call.args)


def _static_annotation(annotation: cst.BaseExpression) -> bool:
    """``Static[...]`` (jax_dataclasses, jaxsim): a field registered as aux data."""
    return type(annotation) is cst.Subscript \
        and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] == "Static"


def _calls_factory(value: cst.BaseExpression, factories: frozenset[str]) -> bool:
    return type(value) is cst.Call and _called_name(value) in factories


def _called_name(call: cst.Call) -> str | None:
    """``f`` of ``f(...)`` and of ``mod.f(...)``: factories are matched by name."""
    func = call.func
    return func.attr.value if type(func) is cst.Attribute else \
        func.value if type(func) is cst.Name else None


def declared_sure_fields(index: ModuleIndex) -> frozenset[str]:
    """The field names the module's classes declare, each time, of a type that is no
    ``None`` and with no ``None`` default: ``max_occupancy: int = static_field()``, a class
    of this module, ``axis: Axes = (-2,)`` after ``Axes = int | tuple[int, ...]``. Not
    ``Optional[int]``, ``int = None``, ``field(default=None)``, an alias of no such type
    (``Array = Any``), nor a name a class body binds without an annotation."""
    sure: set[str] = set()
    unsure: set[str] = set()
    for node in index.class_nodes.values():
        for small in body_statements(node):
            if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                name = small.target.value
                declared = declares_field_instance(small.annotation.annotation, index)
                (sure if declared and not _none_in(small.value) else unsure).add(name)
            elif type(small) is cst.Assign:
                for target in small.targets:
                    if type(target.target) is cst.Name:
                        unsure.add(target.target.value)
    return frozenset(sure - unsure)


def _none_in(value: cst.BaseExpression | None) -> bool:
    """``None`` or a call given a ``None`` argument (``field(default=None)``)."""
    if value is None:
        return False
    if type(value) is cst.Name:
        return value.value == "None"
    return type(value) is cst.Call and any(
        type(a.value) is cst.Name and a.value.value == "None" for a in value.args)
