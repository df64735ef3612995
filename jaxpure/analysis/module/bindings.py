"""THE answer to "what is this name bound to?".

* :func:`single_value`: the one value a name holds when it is bound exactly once, in its
  function or at module level (``init = State(...)``);
* :func:`single_assignment`: the value of the one plain assignment to a name in a body;
* :func:`unit_bindings`: every binding of every name in a function (memoised per unit in
  ModuleFacts.unit_bindings), and :func:`binding_value` for a module-level binding record;
* :class:`LocalSources`: how each local of a function gets its value, and what may be
  stored into it (memoised per unit in ModuleFacts.local_sources).

Flow-insensitive: what a name holds at one point of the walk is the flow domains' business.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.side_effects import LOG_METHODS, LOGGER_NAMES
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.syntax import (
    COMPREHENSIONS, assignments_in, push_children, names_in, single_assignment, target_names,
)

__all__ = ["Bindings", "LocalSources", "augmented_names", "binding_value", "expression_types",
           "single_assignment",
           "single_value", "unit_bindings", "unpacking_of"]

Bindings = dict[str, list[cst.BaseExpression | None]]


def single_value(index: ModuleIndex, unit: Unit | None,
                 name: str) -> tuple[cst.BaseExpression, Unit | None] | None:
    """The value ``name`` (read in ``unit``) holds when it is bound exactly once, in its
    function or at module level (``init = State(...)``), with the scope that value is read
    in; None for parameters, rebound or augmented names."""
    u = unit
    while u is not None:
        if name in u.declared_global:
            break
        if u.binds(name) and name not in u.declared_nonlocal:
            if name in u.param_names or u.assigned.get(name) != 1 or isinstance(u.node, cst.Lambda):
                return None
            value = single_assignment(u.node.body, name)
            return (value, u) if value is not None else None
        u = u.parent
    bindings = index.bindings.get(name)
    if bindings and len(bindings) == 1 and bindings[0].value is not None \
            and not bindings[0].augmented and name not in index.global_writes:
        return bindings[0].value, None
    return None


def unit_bindings(unit: Unit, named_exprs: bool = True) -> Bindings:
    """Every binding of each name in a function: parameters, assignments, loop targets,
    imports, nested defs (``None`` where the binding has no plain value). ``named_exprs``
    False (the module has no ``:=``, ModuleIndex.named_exprs): no expression binds a name,
    and the walk does not enter them."""
    found: Bindings = {}
    for p in unit.params:
        found.setdefault(p.name, []).append(None)
    node = unit.node
    if type(node) is cst.FunctionDef:
        _collect_bindings(node.body, found, frozenset() if named_exprs else expression_types())
    return found


_EXPRESSION_TYPES: list[frozenset[type]] = []


def expression_types() -> frozenset[type]:
    """Every node class that is an expression (built on first use, once libcst's nodes are
    loaded; a class missing here is only walked into, which finds nothing more)."""
    if not _EXPRESSION_TYPES:
        found: set[type] = set()
        pending: list[type] = [cst.BaseExpression]
        while pending:
            klass = pending.pop()
            if klass not in found:
                found.add(klass)
                pending.extend(klass.__subclasses__())
        _EXPRESSION_TYPES.append(frozenset(found))
    return _EXPRESSION_TYPES[0]


def augmented_names(unit: Unit) -> dict[str, int]:
    """How many of a function's bindings of each name are augmented assignments
    (``x *= m``): :func:`unit_bindings` gives them no value, like a loop target."""
    found: dict[str, int] = {}
    node = unit.node
    stack: list[cst.CSTNode] = [node.body] if type(node) is cst.FunctionDef else []
    while stack:
        current = stack.pop()
        if isinstance(current, (cst.FunctionDef, cst.ClassDef, cst.Lambda)) \
                or type(current) in COMPREHENSIONS:
            continue
        if type(current) is cst.AugAssign and type(current.target) is cst.Name:
            found[current.target.value] = found.get(current.target.value, 0) + 1
        push_children(current, stack)
    return found


def _collect_bindings(node: cst.CSTNode, out: Bindings, skipped: frozenset[type]) -> None:
    """``skipped``: node types not walked into (the expressions, when none binds a name)."""
    stack: list[cst.CSTNode] = [node]
    # exact types, not isinstance: libcst's node classes are ABCs, whose isinstance is
    # several times slower, and this loop meets every node of a function
    while stack:
        current = stack.pop()
        if type(current) in skipped:
            continue
        if type(current) is cst.FunctionDef or type(current) is cst.ClassDef:
            out.setdefault(current.name.value, []).append(None)
            continue
        if type(current) is cst.Lambda or type(current) in COMPREHENSIONS:
            continue
        if type(current) is cst.Assign:
            for target in current.targets:
                _bind_target(target.target, current.value, out)
        elif type(current) is cst.AnnAssign and current.value is not None:
            _bind_target(current.target, current.value, out)
        elif type(current) is cst.AugAssign:
            _bind_target(current.target, None, out)
        elif type(current) is cst.NamedExpr:
            _bind_target(current.target, current.value, out)
        elif type(current) is cst.For:
            _bind_target(current.target, None, out)
        elif type(current) is cst.AsName:
            _bind_target(current.name, None, out)
        elif type(current) is cst.Import or type(current) is cst.ImportFrom:
            names = current.names
            if not isinstance(names, cst.ImportStar):
                for alias in names:
                    name: cst.BaseExpression = alias.asname.name if alias.asname is not None \
                        else alias.name
                    while type(name) is cst.Attribute:
                        name = name.value
                    if type(name) is cst.Name:
                        out.setdefault(name.value, []).append(None)
            continue
        push_children(current, stack)


def _bind_target(target: cst.BaseExpression, value: cst.BaseExpression | None,
                 out: Bindings) -> None:
    if type(target) is cst.Name:
        out.setdefault(target.value, []).append(value)
        return
    for name in target_names(target):
        out.setdefault(name, []).append(None)


def binding_value(binding: object) -> cst.BaseExpression | None:
    """The value of a module-level binding record (``index.Binding``, or a bare value)."""
    if isinstance(binding, cst.BaseExpression) or binding is None:
        return binding
    if getattr(binding, "augmented", False):
        return None
    return getattr(binding, "value", None)


# How a local name gets a value (LocalSources.sources): `x = v` ("value"), `x += v`
# ("augmented"), `for x in v` / `for x, y in v` ("element": an element of v), `x, y = v`
# ("part": a part of v), and anything whose value is not written ("opaque": `with ... as x`,
# `except E as x`, an import, a nested def, a `global`/`nonlocal` name).
SourceKind = str


class LocalSources:
    """Flow-insensitive: every way each local name of a function gets its value, and every
    value that may be stored into what it holds (``x[i] = v``, ``x.a = v``, ``x.append(v)``,
    ``fill(x, v)``: the other arguments of a call that is passed ``x`` or made on it).
    Comprehension targets are the comprehension's own, not the function's. A local that a
    nested def or class names may be rebound or filled there (``nonlocal``): opaque."""

    def __init__(self, unit: Unit) -> None:
        # the value, the iterable, the unpacked value, or the `x += v` statement itself
        self.sources: dict[str, list[tuple[SourceKind, cst.CSTNode | None]]] = {}
        self.stores: dict[str, list[cst.BaseExpression | None]] = {}
        self._nested: list[cst.CSTNode] = []
        node = unit.node
        if type(node) is cst.FunctionDef:
            for name in unit.declared_global | unit.declared_nonlocal:
                self._add(name, "opaque", None)
            self._collect(node.body)
            named = {name.value for nested in self._nested for name in names_in(nested)}
            for name in named & set(self.sources):
                self._add(name, "opaque", None)

    def _add(self, name: str, how: SourceKind, value: cst.CSTNode | None) -> None:
        self.sources.setdefault(name, []).append((how, value))

    def _store(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        root = target
        while isinstance(root, (cst.Attribute, cst.Subscript)):
            root = root.value
        if type(root) is cst.Name:
            self.stores.setdefault(root.value, []).append(value)

    def _bind(self, target: cst.BaseExpression, how: SourceKind,
              value: cst.BaseExpression | None) -> None:
        if type(target) is cst.Name:
            self._add(target.value, how, value)
        elif isinstance(target, (cst.Attribute, cst.Subscript)):
            self._store(target, value if how == "value" else None)
        elif isinstance(target, (cst.Tuple, cst.List)):
            parts = value.elements if how == "value" and isinstance(value, (cst.Tuple, cst.List)) \
                and len(value.elements) == len(target.elements) \
                and not any(type(e) is cst.StarredElement for e in value.elements) else None
            for position, element in enumerate(target.elements):
                if parts is not None:
                    self._bind(element.value, "value", parts[position].value)
                else:
                    self._bind(element.value, "element" if how == "element" else "part", value)
        elif type(target) is cst.StarredElement:
            self._bind(target.value, "opaque", None)

    def _collect(self, body: cst.CSTNode) -> None:
        stack: list[cst.CSTNode] = [body]
        while stack:
            current = stack.pop()
            if isinstance(current, (cst.FunctionDef, cst.ClassDef)):
                self._add(current.name.value, "opaque", None)
                self._nested.append(current)
                continue
            if isinstance(current, (cst.Import, cst.ImportFrom)):
                names = current.names
                for alias in () if isinstance(names, cst.ImportStar) else names:
                    name: cst.BaseExpression = alias.asname.name if alias.asname is not None \
                        else alias.name
                    while type(name) is cst.Attribute:
                        name = name.value
                    if type(name) is cst.Name:
                        self._add(name.value, "opaque", None)
                continue
            if type(current) is cst.Assign:
                for target in current.targets:
                    self._bind(target.target, "value", current.value)
            elif type(current) is cst.AnnAssign and current.value is not None:
                self._bind(current.target, "value", current.value)
            elif type(current) is cst.AugAssign:
                if type(current.target) is cst.Name:
                    self._add(current.target.value, "augmented", current)
                else:
                    self._store(current.target, current.value)
            elif type(current) is cst.NamedExpr:
                self._bind(current.target, "value", current.value)
            elif type(current) is cst.For:
                self._bind(current.target, "element", current.iter)
            elif type(current) is cst.AsName:
                self._bind(current.name, "opaque", None)
            elif type(current) is cst.Call:
                self._call_stores(current)
            push_children(current, stack)

    def _call_stores(self, call: cst.Call) -> None:
        """``x.append(v)``, ``fill(x, v)``: each other argument may end up in ``x``; not
        so in a print or log line, which only shows them (dks's binary search logging
        ``min_, input_, max_, target, value`` each step)."""
        if _shows_only(call.func) and not any(
                a.keyword is not None and a.keyword.value == "file" for a in call.args):
            return  # `print(x, file=buf)` writes into `buf`
        values = [arg.value for arg in call.args]
        if type(call.func) is cst.Attribute:
            for value in values:
                self._store(call.func.value, value)
        for position, value in enumerate(values):
            if isinstance(value, (cst.Name, cst.Attribute, cst.Subscript)):
                others = values[:position] + values[position + 1:]
                for other in others:
                    self._store(value, other)


def _shows_only(func: cst.BaseExpression) -> bool:
    """``print(...)``, ``logging.info(...)``, ``logger.debug(...)``: a call that formats
    its arguments and stores none of them into another."""
    if type(func) is cst.Name:
        return func.value == "print"
    return type(func) is cst.Attribute and func.attr.value in LOG_METHODS \
        and type(func.value) is cst.Name and (func.value.value == "logging"
                                              or func.value.value in LOGGER_NAMES)


def unpacking_of(body: cst.BaseSuite, name: str) -> tuple[cst.BaseExpression, int] | None:
    """(value, position of ``name``) for the first ``a, name = value`` (a flat tuple or list
    of names, no star) found in a function body, outside nested functions and classes."""
    for current in assignments_in(body):
        names = _unpacked_names(current) if type(current) is cst.Assign else None
        if names is not None and name in names and current.value is not None:
            return current.value, names.index(name)
    return None


def _unpacked_names(assign: cst.Assign) -> list[str] | None:
    """``[a, b]`` for ``a, b = value``; None for any other target."""
    target = assign.targets[0].target if len(assign.targets) == 1 else None
    if not isinstance(target, (cst.Tuple, cst.List)):
        return None
    names = [e.value.value for e in target.elements
             if type(e) is cst.Element and isinstance(e.value, cst.Name)]
    return names if len(names) == len(target.elements) else None
