"""What an annotation says a value is, through the aliases the module defines: a Python
container (``dict[str, LayerCache]``, ``Cache | None`` after ``Cache = dict[str,
LayerCache]``, ``Optional[List[jax.Array]]``), whose entries may be tracers but which is
itself no array: writing an entry is a container's item assignment, not an array's; or
nothing at all (``Any``, ``KVCache = Any``): the value's class is not known.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver

# a value annotated as one of these holds a Python container (its entries may be tracers;
# writing into it changes the object, not an array)
CONTAINER_TYPES = frozenset({"dict", "Dict", "list", "List", "set", "Set", "MutableMapping",
                             "Mapping", "OrderedDict", "defaultdict", "MutableSequence"})

# aliases followed (`Cache = dict[str, LayerCache]`, an alias of an alias): a bound on cycles
_MAX_ALIASES = 3


def container_annotation(annotation: cst.BaseExpression | None,
                         index: ModuleIndex | None = None, depth: int = 0) -> bool:
    """``annotation`` names a Python container, directly, under ``| None``/``Optional``, or
    through a module-level alias of one (when ``index`` is given)."""
    if annotation is None:
        return False
    declared = without_none(annotation)
    if declared is not annotation:
        return declared is not None and container_annotation(declared, index, depth)
    head = annotation.value if type(annotation) is cst.Subscript else annotation
    if (dotted_name(head) or "").rsplit(".", 1)[-1] in CONTAINER_TYPES:
        return True
    if index is None or type(annotation) is not cst.Name or depth >= _MAX_ALIASES:
        return False
    bindings = index.bindings.get(annotation.value, ())
    return len(bindings) == 1 and not bindings[0].augmented \
        and container_annotation(bindings[0].value, index, depth + 1)


# what says nothing of a value's class
ANY_TYPES = frozenset({"typing.Any", "typing_extensions.Any"})


def unseen_class(annotation: cst.BaseExpression | None, module: cst.Module,
                 index: ModuleIndex, resolver: Resolver, depth: int = 0) -> bool:
    """``annotation`` says nothing of the value's class: there is none, or it is ``Any``
    (under ``| None`` too), directly or through module-level aliases (``KVCache = Any``,
    ``PyTree, KVCache = Any, Any``)."""
    if annotation is None:
        return True
    declared = without_none(annotation)
    if declared is not annotation:
        return declared is not None and unseen_class(declared, module, index, resolver, depth)
    if type(annotation) is not cst.Name and type(annotation) is not cst.Attribute:
        return False
    if resolver.qualname(annotation, None) in ANY_TYPES:
        return True
    if type(annotation) is not cst.Name or depth >= _MAX_ALIASES:
        return False
    # every binding of the alias (serving code writes `PagedKVCache = Any` twice)
    bindings = index.bindings.get(annotation.value, ())
    values = [b.value or _unpacked_at_module_level(module, annotation.value) for b in bindings]
    return bool(values) and not any(b.augmented for b in bindings) and all(
        value is not None and unseen_class(value, module, index, resolver, depth + 1)
        for value in values)


def _unpacked_at_module_level(module: cst.Module, name: str) -> cst.BaseExpression | None:
    """``Any`` for ``KVCache`` in ``PyTree, KVCache = Any, Any`` at module level: the
    element of a tuple display that a flat tuple of names unpacks into ``name``."""
    for line in module.body:
        if type(line) is not cst.SimpleStatementLine:
            continue
        for small in line.body:
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target, value = small.targets[0].target, small.value
            if isinstance(target, (cst.Tuple, cst.List)) and isinstance(value, (cst.Tuple, cst.List)) \
                    and len(target.elements) == len(value.elements):
                for left, right in zip(target.elements, value.elements):
                    if type(left) is cst.Element and type(right) is cst.Element \
                            and type(left.value) is cst.Name and left.value.value == name:
                        return right.value
    return None


def without_none(annotation: cst.BaseExpression) -> cst.BaseExpression | None:
    """What ``X | None`` or ``Optional[X]`` declares besides None: ``X``; the annotation
    itself when it admits no None; None when several others remain (``int | str | None``)."""
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        sides = [s for s in (annotation.left, annotation.right) if not is_none(s)]
        return sides[0] if len(sides) == 1 else None
    if type(annotation) is cst.Subscript and len(annotation.slice) == 1 \
            and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] == "Optional":
        inner = annotation.slice[0].slice
        return inner.value if type(inner) is cst.Index else None
    return annotation


# the last names of annotations declaring a dtype: `jnp.dtype`, `np.dtype`,
# `jax.typing.DTypeLike`, flax's `Dtype`, `DType` aliases
DTYPE_TYPES = frozenset({"dtype", "DType", "Dtype", "DTypeLike", "DtypeLike"})


def python_value_annotation(annotation: cst.BaseExpression | None) -> bool:
    """A parameter declared to hold a string or a dtype (``axis_name: str``, ``dtype:
    jnp.dtype``, ``Literal["mean", "sum"]``), or None, or one of several of these
    (``Optional[str]``, ``Union[str, jnp.dtype]``, ``DTypeLike | None``). Neither is ever a
    tracer: ``jax.jit`` refuses a string or a dtype argument unless it is static (checked
    under jax 0.10: "Error interpreting argument ... as an abstract array"), ``vmap``'s
    ``in_axes=None`` and ``grad``'s other arguments hand one on as it is."""
    if annotation is None:
        return False
    sides = _union_sides(annotation, 0)
    return any(not is_none(s) for s in sides) and all(
        is_none(s) or _string_type(s)
        or _last_name(s.value if type(s) is cst.Subscript else s) in DTYPE_TYPES for s in sides)


def _string_type(annotation: cst.BaseExpression) -> bool:
    """``str``, or a ``Literal`` of strings only."""
    if type(annotation) is cst.Name:
        return annotation.value == "str"
    return type(annotation) is cst.Subscript and _last_name(annotation.value) == "Literal" \
        and all(type(e.slice) is cst.Index and type(e.slice.value) is cst.SimpleString
                for e in annotation.slice)


def _last_name(expr: cst.BaseExpression) -> str:
    """``dtype`` of ``jnp.dtype``, ``Union`` of ``typing.Union``: what a type is called."""
    return expr.value if type(expr) is cst.Name else \
        expr.attr.value if type(expr) is cst.Attribute else ""


def _union_sides(annotation: cst.BaseExpression, depth: int) -> list[cst.BaseExpression]:
    """The types ``A | B``, ``Union[A, B]`` or ``Optional[A]`` joins (an empty list past a
    bound on nesting), or the annotation itself."""
    if depth > _MAX_ALIASES:
        return []
    if type(annotation) is cst.BinaryOperation and type(annotation.operator) is cst.BitOr:
        left = _union_sides(annotation.left, depth + 1)
        right = _union_sides(annotation.right, depth + 1)
        return left + right if left and right else []
    if type(annotation) is cst.Subscript and _last_name(annotation.value) in ("Union", "Optional"):
        sides: list[cst.BaseExpression] = []
        for element in annotation.slice:
            inner = _union_sides(element.slice.value, depth + 1) \
                if type(element.slice) is cst.Index else []
            if not inner:
                return []
            sides += inner
        return sides
    return [annotation]


def is_none(node: cst.BaseExpression) -> bool:
    return type(node) is cst.Name and node.value == "None"


def returns_container(index: ModuleIndex, resolver: Resolver, func: cst.BaseExpression,
                      unit: Unit | None) -> bool:
    """A call of ``func`` gives a Python container by the return annotation: the function of
    this module it reaches, or, for a method called on an object of unknown class
    (``self.altup.correct(...)``), every method of that name in the module's classes
    (``-> List[jax.Array]``: gemma's AltUp returns a list of arrays, written item by item)."""
    callee = resolver.function(func, unit)
    if callee is not None:
        return _annotated_container(index, callee)
    return type(func) is cst.Attribute and func.attr.value in _container_methods(index)


def _container_methods(index: ModuleIndex) -> frozenset[str]:
    """The method names every definition of which in the module's classes is annotated to
    return a container; found once per module (asked for every call on tracers)."""
    found = index.__dict__.get("_container_methods")
    if found is None:
        by_name: dict[str, list[Unit]] = {}
        for methods in index.classes.values():
            for name, method in methods.items():
                by_name.setdefault(name, []).append(method)
        found = index.__dict__["_container_methods"] = frozenset(
            name for name, methods in by_name.items()
            if all(_annotated_container(index, m) for m in methods))
    return found


def _annotated_container(index: ModuleIndex, function: Unit) -> bool:
    node = function.node
    return type(node) is cst.FunctionDef and node.returns is not None \
        and container_annotation(node.returns.annotation, index)


# builtin types whose instances are never None
SCALAR_TYPES = frozenset({"int", "float", "bool", "str", "complex"})


# builtin and typing containers, bare or parametrised (`tuple[int, ...]`): a promise of an
# instance
GENERIC_CONTAINERS = frozenset({"tuple", "Tuple", "list", "List", "dict", "Dict", "Sequence",
                                "frozenset", "FrozenSet", "set", "Set"})


def declares_instance(annotation: cst.BaseExpression | None, index: ModuleIndex,
                      imported_classes: frozenset[str] | dict[str, frozenset[str]]) -> bool:
    """``n: int``, ``neighbors: NeighborList``: an annotation promising a value that is not
    ``None`` (a builtin scalar type, or a class: :func:`names_a_class`)."""
    return type(annotation) is cst.Name and annotation.value in SCALAR_TYPES \
        or names_a_class(annotation, index, imported_classes)


def declares_field_instance(annotation: cst.BaseExpression | None, index: ModuleIndex,
                            depth: int = 0) -> bool:
    """A field's annotation promising a value that is not ``None``: as
    :func:`declares_instance` says, or a container type, bare or parametrised (``tuple[int,
    ...]``), or a union of such (``int | tuple[int, ...]``), written out or through a
    module-level alias bound once (``Axes = int | tuple[int, ...]``). (Asked of fields
    only, once per module: a parameter so declared would cost a walk of its function for
    rebindings, flow/given.py, and none has needed it.)"""
    if annotation is None:
        return False
    if type(annotation) is cst.BinaryOperation or type(annotation) is cst.Subscript:
        sides = _union_sides(annotation, 0)
        if len(sides) > 1:
            return all(declares_field_instance(s, index, depth) for s in sides)
    head = annotation.value if type(annotation) is cst.Subscript else annotation
    if _last_name(head) in GENERIC_CONTAINERS or declares_instance(annotation, index, frozenset()):
        return True
    if type(annotation) is not cst.Name or depth >= _MAX_ALIASES \
            or annotation.value in index.class_nodes:
        return False
    bindings = index.bindings.get(annotation.value, ())
    return len(bindings) == 1 and not bindings[0].augmented and bindings[0].value is not None \
        and declares_field_instance(bindings[0].value, index, depth + 1)


def names_a_class(annotation: cst.BaseExpression | None, index: ModuleIndex,
                  imported_classes: frozenset[str] | dict[str, frozenset[str]]) -> bool:
    """``neighbors: NeighborList`` where ``NeighborList`` is a class of this module or a
    project class another module defines (its summary says so): a promise that the value
    is an instance, so not ``None``, which no alias (``PyTree = Any``, ``Maybe =
    Optional[X]``) and no ``TypeVar`` gives. A type checker holds the callers to it."""
    if annotation is None or type(annotation) not in (cst.Name, cst.Attribute):
        return False
    if type(annotation) is cst.Name and annotation.value in index.class_nodes:
        return len(index.bindings.get(annotation.value, ())) == 1  # not rebound to an alias
    shown = dotted_name(annotation)  # as the module names it: the class facts' seeds say
    return shown is not None and shown in imported_classes
