"""Methods traced through ``self`` or a parameter annotated with a class: overrides in
subclasses, in this module or others.

A base class's jitted ``step`` calls ``self.rewards(state)``; which ``rewards`` runs depends
on the instance, so every override of ``rewards`` in a subclass is traced too. Within a
module the call graph gets an edge to each override (``override_edges``); across modules
the summary lists the module's classes with their bases and the ``self.<method>`` calls of
its traced methods (``class_facts``), and summary.propagate seeds the overrides elsewhere.

The same holds for a parameter annotated with a class of the project: a jitted
``_condition(self, y, X, kernel: Kernel)`` that calls ``kernel.matmul(X, y)`` runs the
``matmul`` of whichever subclass of ``Kernel`` it is given, so ``Kernel.matmul`` and every
override of it are traced (``typed_calls``).
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.summary import LIBRARY_PREFIXES

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import ModuleIndex, Unit
    from jaxpure.analysis.module.resolve import Resolver


def self_method_call(unit: Unit, call: cst.Call) -> str | None:
    """``m`` for ``self.m(...)`` in a method whose first parameter is ``self``."""
    func = call.func
    method: Unit | None = unit
    while method is not None and not method.parent_is_class:
        method = method.parent
    if method is None or method.is_staticmethod or not type(func) is cst.Attribute \
            or not type(func.value) is cst.Name:
        return None
    first = next((p for p in method.params if p.index == 0), None)
    return func.attr.value if first is not None and func.value.value == first.name else None


def subclasses(index: ModuleIndex, class_name: str) -> list[str]:
    """Classes of the module derived (directly or through each other) from ``class_name``
    (memoised on the index: a method's self-calls ask it of every class of the module)."""
    memo: dict[str, list[str]] = index.__dict__.setdefault("_subclasses", {})
    found = memo.get(class_name)
    if found is None:
        found = memo[class_name] = _derived_classes(index, class_name)
    return found


def _derived_classes(index: ModuleIndex, class_name: str) -> list[str]:
    found: list[str] = []
    frontier = [class_name]
    while frontier:
        base = frontier.pop()
        for name, node in index.class_nodes.items():
            if name not in found and name != class_name and any(
                    type(b.value) is cst.Name and b.value.value == base for b in node.bases):
                found.append(name)
                frontier.append(name)
    return found


def override_edges(index: ModuleIndex) -> list[tuple[Unit, Unit, cst.Call]]:
    """(caller, override, call) for each ``self.m(...)`` in a method of class C and each
    subclass of C in this module that defines ``m``."""
    edges = []
    for unit in index.units:
        owner = owner_class(unit)
        if owner is None:
            continue
        for call in unit.calls:
            method = self_method_call(unit, call)
            if method is None:
                continue
            for sub in subclasses(index, owner):
                override = index.classes.get(sub, {}).get(method)
                if override is not None:
                    edges.append((unit, override, call))
    return edges


def typed_receiver(resolver: Resolver, unit: Unit, call: cst.Call) -> tuple[str, str] | None:
    """(the annotated class as written, m) for ``p.m(...)`` where ``p`` is a parameter of
    the calling function annotated with one class (``kernel: Kernel``,
    ``Optional[kernels.Kernel]``, ``Kernel | None``): ``p`` holds an instance of it or of a
    subclass. The class is a qualified name, or a bare name for a class of this module.
    ``p`` may be a parameter of an enclosing function too (:func:`_declaring_scope`)."""
    func = call.func
    if not type(func) is cst.Attribute or not type(func.value) is cst.Name:
        return None
    scope = _declaring_scope(unit, func.value.value)
    param = scope.param(func.value.value) if scope is not None else None
    if param is None or param.star:
        return None
    owner = annotated_class(resolver, scope, param.annotation)
    return (owner, func.attr.value) if owner is not None else None


def _declaring_scope(unit: Unit, name: str) -> Unit | None:
    """The function whose parameter ``name`` is, seen from ``unit``: ``unit`` itself, or
    the enclosing function of a closure that reads it (jaxley's ``build_init_and_step_fn(
    module: Module)`` returns an ``init_fn`` that calls ``module.get_all_parameters``). An
    enclosing function's parameter counts only where it never rebinds it, so its
    annotation holds for whatever the closure sees."""
    scope: Unit | None = unit
    while scope is not None and not scope.binds(name):
        scope = scope.parent
    if scope is None or scope is unit:
        return scope
    return scope if name in scope.param_names and name not in scope.assigned else None


def annotated_class(resolver: Resolver, unit: Unit | None,
                    annotation: cst.BaseExpression | None) -> str | None:
    """The project class an annotation names (``Kernel``, ``Optional[kernels.Kernel]``,
    ``Kernel | None``): a bare name for a class of this module, else its qualified name;
    None for no annotation, a library type or anything else."""
    if annotation is None:
        return None
    annotation = without_none(resolver, unit, annotation)
    if annotation is None:
        return None
    if type(annotation) is cst.Name and annotation.value in resolver.index.class_nodes:
        return annotation.value
    qual = resolver.qualname(annotation, unit)
    if qual is None or "." not in qual or qual.startswith(_NOT_PROJECT):
        return None
    return qual


# annotations naming these are library types, not classes of the project
_NOT_PROJECT = LIBRARY_PREFIXES + ("jaxtyping.",)


def without_none(resolver: Resolver, unit: Unit | None,
                  annotation: cst.BaseExpression) -> cst.BaseExpression | None:
    """``X`` for ``Optional[X]`` and ``X | None``; a name or dotted name, else None."""
    if type(annotation) is cst.Subscript and len(annotation.slice) == 1 \
            and resolver.qualname(annotation.value, unit) == "typing.Optional":
        inner = annotation.slice[0].slice
        annotation = inner.value if type(inner) is cst.Index else annotation
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = [annotation.left, annotation.right]
        kept = [e for e in sides if not (type(e) is cst.Name and e.value == "None")]
        annotation = kept[0] if len(kept) == 1 else annotation
    return annotation if isinstance(annotation, (cst.Name, cst.Attribute)) else None


def typed_edges(index: ModuleIndex, resolver: Resolver) -> list[tuple[Unit, Unit, cst.Call]]:
    """(caller, method, call) for each ``p.m(...)`` on a parameter annotated with a class C
    of this module: C's ``m`` and each override of it in a subclass of the module; and for
    each operator that calls a dunder method so (``p & q``, ``self == other``)."""
    return [(unit, target, call) for unit in index.units for call in unit.calls
            for target in typed_callees(index, resolver, unit, call)] + \
        [(unit, target, call) for unit, call in index.operator_calls.values()
         if unit is not None for target in operator_callees(index, resolver, unit, call)]


def operator_callees(index: ModuleIndex, resolver: Resolver, unit: Unit | None,
                     call: cst.Call) -> list[Unit]:
    """The methods an operator's call ``a.__and__(b)`` (module/operators.py) may run: that of
    ``self`` in its own class, or of a parameter annotated with a class of this module (and
    each override), as for the method called by name; none on an unknown left operand (an
    array's ``&`` is not a project method)."""
    func = call.func
    if unit is None or type(func) is not cst.Attribute:
        return []
    found = resolver.function(func, unit)
    if found is not None:
        return [found] if found.name == func.attr.value else []
    return typed_callees(index, resolver, unit, call)


def typed_callees(index: ModuleIndex, resolver: Resolver, unit: Unit | None,
                  call: cst.Call) -> list[Unit]:
    """The methods ``p.m(...)`` in ``unit`` may run, ``p`` a parameter annotated with a
    class C of this module: C's ``m`` and each override of it in a subclass of the module."""
    found = typed_receiver(resolver, unit, call) if unit is not None else None
    if found is None or found[0] not in index.class_nodes:
        return []
    owner, method = found
    return [target for cls in [owner, *subclasses(index, owner)]
            if (target := index.classes.get(cls, {}).get(method)) is not None]


def class_facts(index: ModuleIndex, resolver: Resolver, module: str) -> tuple:
    """For the summary: (class, qualified bases, method names) for each class of the module."""
    classes = []
    for name, node in index.class_nodes.items():
        bases = []
        for base in node.bases:
            if type(base.value) is cst.Name and base.value.value in index.class_nodes:
                bases.append(f"{module}.{base.value.value}")
            else:
                qual = resolver.qualname(base.value, None)
                if qual is not None:
                    bases.append(qual)
        classes.append((name, tuple(bases), tuple(sorted(index.classes.get(name, {})))))
    return tuple(classes)


def self_calls(index: ModuleIndex, traced: Callable[[Unit], bool],
               off_trace: Container[int] = ()) -> list[tuple[str, Unit, str]]:
    """(class, calling method, m) for each ``self.m(...)`` in a traced method of a class,
    but those on paths no trace takes (``off_trace``: ids of the calls)."""
    found = []
    for unit in index.units:
        owner = owner_class(unit)
        if owner is None or not traced(unit):
            continue
        for call in unit.calls:
            method = self_method_call(unit, call)
            if method is not None and (owner, unit, method) not in found \
                    and id(call) not in off_trace:
                found.append((owner, unit, method))
    return found


def typed_calls(index: ModuleIndex, resolver: Resolver, traced: Callable[[Unit], bool],
                off_trace: Container[int] = ()) -> list[tuple[str, Unit, str]]:
    """(qualified class, calling function, m) for each ``p.m(...)`` in a traced function on
    a parameter annotated with a class of another module, but those on paths no trace
    takes (``off_trace``: ids of the calls)."""
    found = []
    for unit in index.units:
        if not traced(unit):
            continue
        for call in unit.calls:
            typed = typed_receiver(resolver, unit, call)
            if typed is not None and typed[0] not in index.class_nodes \
                    and (typed[0], unit, typed[1]) not in found and id(call) not in off_trace:
                found.append((typed[0], unit, typed[1]))
    return found


def inherited_method(index: ModuleIndex, resolver: Resolver, class_name: str,
                     method: str) -> Unit | str | None:
    """What ``self.<method>`` runs for a ``class_name`` that does not define it, following
    single bases: the method of a base in this module, or the qualified name of the first
    base from another module of the project (whose module knows); None when a class on
    the way has several bases (its order is not followed) or the chain ends in a library."""
    seen = {class_name}
    node = index.class_nodes.get(class_name)
    while node is not None and len(node.bases) == 1:
        base = node.bases[0].value
        if type(base) is cst.Name and base.value in index.class_nodes:
            if base.value in seen:
                return None
            seen.add(base.value)
            found = index.classes.get(base.value, {}).get(method)
            if found is not None:
                return found
            node = index.class_nodes[base.value]
            continue
        qual = resolver.qualname(base, None)
        return qual if qual is not None and "." in qual \
            and not qual.startswith(_NOT_PROJECT) else None
    return None


def owner_class(unit: Unit) -> str | None:
    """The class of the method ``unit`` is (or is nested in)."""
    while unit is not None:
        if unit.parent_is_class:
            return unit.class_name
        unit = unit.parent  # type: ignore[assignment]
    return None
