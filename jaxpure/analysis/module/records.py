"""Record classes of a module: the classes whose constructor stores its arguments as
fields, in the order they are declared, and nothing else (``namedtuple("State", "x rng")``,
``class State(NamedTuple)``, ``@dataclass``, ``@flax.struct.dataclass``, ``@chex.dataclass``).

``State(x, key)`` builds an object whose field ``rng`` holds ``key`` as given: a lax loop
whose carry is such a record carries the key in that field (flow/carried.py). Classes of
other modules, and classes with their own ``__init__``/``__post_init__`` or bases whose
fields come first, are not known here (None): what their constructor keeps is not visible.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.pytrees import NAMEDTUPLE_FACTORIES, RECORD_BASES, RECORD_DECORATORS
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.field_markers import may_be_pytree, registrations
from jaxpure.analysis.module.index import ModuleIndex, Unit, refers_to_module
from jaxpure.analysis.module.resolve import Resolver

Fields = tuple[str, ...]


class Records:
    """The fields of the record classes a function names, asked by name and memoised per
    scope (a name bound once in a function, or a module-level class)."""

    def __init__(self, index: ModuleIndex, resolver: Resolver) -> None:
        self.index = index
        self.resolver = resolver
        self._found: dict[tuple[int, str], Fields | None] = {}
        self._registered: frozenset[str] | None = None  # classes registered as pytrees

    def fields(self, func: cst.BaseExpression, unit: Unit | None) -> Fields | None:
        """The fields, in order, of the record class ``func`` (read in ``unit``) names;
        None when it is not a record class of this module."""
        if type(func) is not cst.Name:
            return None
        key = (id(unit), func.value)
        if key not in self._found:
            self._found[key] = self._fields(func.value, unit)
        return self._found[key]

    def plain_fields(self, func: cst.BaseExpression, unit: Unit | None) -> Fields | None:
        """The fields of a record class of this module that is no pytree (a ``dataclass``
        with no base nor other decorator, registered by nothing): its instance is one
        object to JAX, what the fields hold is never a leaf. None for any other."""
        if type(func) is not cst.Name or func.value not in self.index.class_nodes:
            return None  # asked of every call the walk infers: the cheap test first
        fields = self.fields(func, unit)
        if fields is None:
            return None
        node = self.index.class_nodes.get(func.value)
        if self._registered is None:
            self._registered = frozenset(registrations(self.index, self.resolver))
        if node is None or may_be_pytree(node, func.value in self._registered, self.resolver):
            return None  # a NamedTuple, a namedtuple, a flax.struct or chex dataclass
        return fields

    def _fields(self, name: str, unit: Unit | None) -> Fields | None:
        node = self.index.class_nodes.get(name)
        if node is not None and refers_to_module(unit, name) and len(self.index.bindings.get(name) or ()) == 1 \
                and name not in self.index.global_writes:
            return self._class_fields(node)
        bound = single_value(self.index, unit, name)
        if bound is None or type(bound[0]) is not cst.Call:
            return None
        return self._factory_fields(bound[0], bound[1])

    def _factory_fields(self, call: cst.Call, scope: Unit | None) -> Fields | None:
        """``namedtuple("State", "x, rng")``, ``namedtuple("State", ["x", "rng"])`` or
        ``NamedTuple("State", [("x", Array), ("rng", Array)])``."""
        if self.resolver.qualname(call.func, scope) not in NAMEDTUPLE_FACTORIES or len(call.args) < 2:
            return None
        spec = call.args[1].value
        if isinstance(spec, cst.SimpleString) and isinstance(spec.evaluated_value, str):
            return tuple(spec.evaluated_value.replace(",", " ").split())
        if not isinstance(spec, (cst.List, cst.Tuple)):
            return None
        names: list[str] = []
        for element in spec.elements:
            item = element.value
            if isinstance(item, cst.Tuple) and item.elements:
                item = item.elements[0].value  # ("x", Array)
            if not isinstance(item, cst.SimpleString) or not isinstance(item.evaluated_value, str):
                return None
            names.append(item.evaluated_value)
        return tuple(names)

    def _class_fields(self, node: cst.ClassDef) -> Fields | None:
        """A class's annotated fields when it is a NamedTuple or a dataclass of one of the
        known decorators, declares no constructor of its own and has no other base."""
        record = False
        for base in node.bases:
            if base.keyword is not None:
                continue
            value = base.value
            if type(value) is cst.Call and self.resolver.qualname(value.func, None) in NAMEDTUPLE_FACTORIES:
                return self._factory_fields(value, None)  # class State(namedtuple(...)): ...
            if self.resolver.qualname(value, None) not in RECORD_BASES:
                return None  # a base's fields (or constructor) come first
            record = True
        for decorator in node.decorators:
            func = decorator.decorator
            if type(func) is cst.Call:
                func = func.func  # @dataclass(frozen=True)
            record = record or self.resolver.qualname(func, None) in RECORD_DECORATORS
        if not record:
            return None
        names: list[str] = []
        for line in node.body.body:
            if type(line) is cst.FunctionDef and line.name.value in ("__init__", "__post_init__", "__new__"):
                return None
            if type(line) is not cst.SimpleStatementLine:
                continue
            for small in line.body:
                if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                        and "ClassVar" not in _text(small.annotation.annotation):
                    names.append(small.target.value)
        return tuple(names)


def _text(node: cst.BaseExpression) -> str:
    if type(node) is cst.Name:
        return node.value
    if type(node) is cst.Attribute:
        return node.attr.value
    if type(node) is cst.Subscript:
        return _text(node.value)
    return ""
