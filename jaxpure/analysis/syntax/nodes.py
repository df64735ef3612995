"""Fast structural helpers over libcst nodes.

libcst's own visitor rebuilds every node it passes; these helpers read dataclass fields
directly and skip whitespace, parentheses and operators, which is most of a CST.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Protocol

import libcst as cst

_SKIPPED_PREFIXES = (
    "whitespace",
    "lpar",
    "rpar",
    "lbracket",
    "rbracket",
    "lbrace",
    "rbrace",
    "comma",
    "semicolon",
    "leading_lines",
    "lines_after_decorators",
    "header",
    "footer",
    "equal",
    "colon",
    "operator",
    "dot",
    "asynchronous",
    "annotation",
    "returns",
    "star",
    "newline",
    "indent",
    "trailing_whitespace",
    "empty_lines",
    "import_",
    "walrus",
    "arrow",
)
# Fields that hold names which are not reads of a variable.
_SKIPPED_FIELDS: dict[type, set[str]] = {
    cst.Attribute: {"attr"},
    cst.Arg: {"keyword"},
    cst.Param: {"name"},
    cst.FunctionDef: {"name", "type_parameters"},
    cst.ClassDef: {"name", "type_parameters"},
    cst.ImportAlias: {"name", "asname"},
    cst.AsName: {"name"},
    cst.Global: {"names"},
    cst.Nonlocal: {"names"},
}

def _child_fields(cls: type) -> tuple[str, ...]:
    skipped = _SKIPPED_FIELDS.get(cls, set())
    return tuple(f.name for f in dataclasses.fields(cls)
                 if not f.name.startswith(_SKIPPED_PREFIXES) and f.name not in skipped)


def child_fields(cls: type) -> tuple[str, ...]:
    return CHILD_FIELDS[cls]


def _subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    sub: type
    for sub in cls.__subclasses__():
        found.add(sub)
        found |= _subclasses(sub)
    return found


# Every concrete libcst node class: `type(v) in NODE_TYPES` is a set lookup, where
# `isinstance(v, cst.CSTNode)` goes through the ABC machinery (hot in the walkers).
NODE_TYPES = frozenset(_subclasses(cst.CSTNode))
# each node class's fields that may hold child nodes, looked up by the hot walks directly
# (`CHILD_FIELDS[type(node)]`: a dict lookup where a call of child_fields costs a frame)
class _ChildFields(dict[type, tuple[str, ...]]):
    def __missing__(self, cls: type) -> tuple[str, ...]:
        fields = self[cls] = _child_fields(cls)  # a class made after import
        return fields


CHILD_FIELDS = _ChildFields({cls: _child_fields(cls) for cls in NODE_TYPES
                             if dataclasses.is_dataclass(cls)})


class CallShape(Protocol):
    """What is read of a call to match its arguments to parameters: a ``cst.Call``, or a
    call the analysis works out without building one (a tree.map's call of its function)."""

    @property
    def func(self) -> cst.BaseExpression: ...

    @property
    def args(self) -> Sequence[cst.Arg]: ...


# the comprehensions: each is a loop with its own scope
COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def children(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    for name in CHILD_FIELDS[type(node)]:
        value = getattr(node, name)
        if type(value) in NODE_TYPES:
            yield value
        elif type(value) is tuple or type(value) is list:
            for item in value:
                if type(item) in NODE_TYPES:
                    yield item


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under ``node`` (not ``node`` itself), nested function bodies included.
    A plain stack over ``children``: a libcst visitor dispatches two methods per node,
    several times slower on whole functions."""
    stack = list(children(node))
    while stack:
        current = stack.pop()
        yield current
        push_children(current, stack)


def contains(ancestor: cst.CSTNode, node: cst.CSTNode) -> bool:
    """Whether ``node`` is ``ancestor`` or inside it."""
    stack = [ancestor]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        push_children(current, stack)
    return False


def push_children(node: cst.CSTNode, stack: list[cst.CSTNode]) -> None:
    """``push_children(node, stack)`` without a generator (the walks' inner loop)."""
    for name in CHILD_FIELDS[type(node)]:
        value = getattr(node, name)
        if type(value) in NODE_TYPES:
            stack.append(value)
        elif type(value) is tuple or type(value) is list:
            for item in value:
                if type(item) in NODE_TYPES:
                    stack.append(item)


def target_names(target: cst.BaseExpression) -> list[str]:
    """Names bound by an assignment target (``a``, ``a, (b, *c)``)."""
    if type(target) is cst.Name:
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        names: list[str] = []
        for element in target.elements:
            names.extend(target_names(element.value))
        return names
    if type(target) is cst.StarredElement:
        return target_names(target.value)
    return []


def names_in(node: cst.CSTNode, attributes: bool = True) -> Iterator[cst.Name]:
    """Every ``Name`` node under ``node``, nested function bodies included; without
    ``attributes``, only the names an expression reads (not ``.attr``, not ``keyword=``)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name:
            yield current
        elif not attributes and (type(current) is cst.Attribute or type(current) is cst.Arg):
            stack.append(current.value)
        else:
            push_children(current, stack)


def reads_any(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether ``node`` (including nested function bodies) mentions any of ``names``."""
    return any(found.value in names for found in names_in(node))


def free_names(node: cst.CSTNode) -> set[str]:
    """The names an expression reads (attribute names and keywords excluded)."""
    return {found.value for found in names_in(node, attributes=False)}


def mentions(node: cst.CSTNode, name: str) -> int:
    """How many times ``node`` (including nested function bodies) names ``name``."""
    return sum(1 for found in names_in(node) if found.value == name)
