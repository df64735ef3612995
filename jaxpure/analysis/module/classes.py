"""Model classes of Equinox, Flax (nnx and linen) and Haiku defined in the module checked.

A train step receives its model as an argument (``@eqx.filter_jit def sample(model, x):
return model(x)``), so which ``__call__`` runs is not written anywhere; and inside that
``__call__`` the model's arrays (Equinox fields annotated as arrays, nnx ``Variable``s)
are traced, because the model itself went through the transform. This module answers both,
for the common case of a file with one such model class. Linen modules and Haiku forwards
are reached through ``apply`` (``jax.jit(model.apply)``, ``hk.transform(f).apply``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.annotations import CONTAINER_TYPES, container_annotation
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.catalog.arrays import PYTHON_SCALAR_ANNOTATIONS, annotation_is_array
from jaxpure.analysis.catalog.pytrees import (
    HAIKU_TRANSFORMS,
    HAIKU_WITHOUT_RNG,
    LINEN_BASES,
    MODEL_BASES,
    NNX_VARIABLES,
)

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import ModuleIndex, Unit
    from jaxpure.analysis.module.resolve import Resolver


def model_classes(index: ModuleIndex, resolver: Resolver) -> dict[str, str]:
    """Classes of the module derived (directly or through each other) from ``eqx.Module``
    or ``nnx.Module``: class name -> "equinox" or "nnx"."""
    cached = resolver.memo.get("model_classes")
    if cached is None:
        cached = resolver.memo["model_classes"] = {
            name: library for name in index.class_nodes
            for base, library in MODEL_BASES.items()
            if derives_from(index, resolver, name, frozenset({base}), set())}
    return cached


def called_model(index: ModuleIndex, resolver: Resolver, call: cst.Call,
                 unit: Unit | None) -> Unit | None:
    """The method that ``model(x)`` (``__call__``) or ``model.decode(x)`` runs, when
    ``model`` is a parameter of the calling function and exactly one model class of the
    module defines that method."""
    func = call.func
    method = "__call__"
    if type(func) is cst.Attribute:
        method, func = func.attr.value, func.value
    if unit is None or not type(func) is cst.Name or unit.param(func.value) is None \
            or func.value in unit.assigned:
        return None
    models = model_classes(index, resolver)
    found = [index.classes[name][method] for name in models
             if method in index.classes.get(name, {})]
    return found[0] if len(found) == 1 else None


def held_method(index: ModuleIndex, call: cst.Call, unit: Unit | None) -> Unit | None:
    """The method that ``self.op.apply_attention(q)`` or ``self.block(x)`` runs, in a method
    of a class whose methods store in ``self.op`` only instances of one class of the module
    (``self.op = AttentionOp(...)`` in ``setup``): the attribute can hold nothing else."""
    func = call.func
    method = "__call__"
    if type(func) is cst.Attribute and type(func.value) is cst.Attribute:
        method, func = func.attr.value, func.value
    if unit is None or unit.class_name is None or unit.is_staticmethod \
            or not type(func) is cst.Attribute or not type(func.value) is cst.Name:
        return None
    first = next((p for p in unit.params if p.index == 0), None)
    if first is None or func.value.value != first.name:
        return None
    stores = index.self_stores.get((unit.class_name, func.attr.value), [])
    # `self.op = mod.Op()` or any other value beside `Op()`: what the attribute holds is open
    if not all(type(v) is cst.Call and type(v.func) is cst.Name for v in stores):
        return None
    held = {v.func.value for v in stores if type(v) is cst.Call and type(v.func) is cst.Name}
    if len(held) != 1:
        return None
    (name,) = held
    if name not in index.class_nodes or len(index.bindings.get(name, ())) != 1:
        return None  # a class of the module, not rebound at module level
    return index.classes.get(name, {}).get(method)


def array_fields(index: ModuleIndex, resolver: Resolver, class_name: str) -> dict[str, str]:
    """Attributes of a model class that hold arrays: Equinox fields annotated as arrays
    (``temperature: jax.Array``) -> "array", nnx ``Variable``s -> "variable"."""
    library = model_classes(index, resolver).get(class_name)
    node = index.class_nodes.get(class_name)
    if library is None or node is None:
        return {}
    found: dict[str, str] = {}
    if library == "equinox":
        for line in node.body.body if type(node.body) is cst.IndentedBlock else ():
            for small in line.body if type(line) is cst.SimpleStatementLine else ():
                if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                        and small.value is None and _array_annotation(small.annotation.annotation):
                    found[small.target.value] = "array"
        return found
    for (owner, attr), values in index.self_stores.items():
        if owner == class_name and values and all(
                type(v) is cst.Call and resolver.qualname(v.func, None) in NNX_VARIABLES
                for v in values):
            found[attr] = "variable"
    return found


def container_fields(index: ModuleIndex, class_name: str) -> frozenset[str]:
    """Fields the class body declares as a Python dict, list or set: ``_cache: dict[str,
    Any] = field(default_factory=dict)``."""
    return frozenset(
        small.target.value for small in body_statements(index, class_name)
        if type(small) is cst.AnnAssign and type(small.target) is cst.Name and (
            container_annotation(small.annotation.annotation, index)
            or _container_factory(small.value)))


def declared_members(index: ModuleIndex, resolver: Resolver) -> frozenset[str]:
    """The member names the module's classes declare: fields and other names bound in a
    class body, methods and properties, and the attributes methods store on ``self``. An
    attribute of a traced value named so may belong to one of them; any other attribute
    belongs to a class this module does not show (flow/members.py)."""
    cached = resolver.memo.get("declared_members")
    if cached is None:
        found: set[str] = set()
        for class_name, node in index.class_nodes.items():
            found.update(index.classes.get(class_name, ()))
            for small in body_statements(index, class_name):
                if type(small) is cst.AnnAssign and type(small.target) is cst.Name:
                    found.add(small.target.value)
                elif type(small) is cst.Assign:
                    found.update(t.target.value for t in small.targets
                                 if type(t.target) is cst.Name)
        found.update(attr for owner, attr in index.self_stores if owner in index.class_nodes)
        cached = resolver.memo["declared_members"] = frozenset(found)
    return cached


def field_holds_array(index: ModuleIndex, resolver: Resolver, attribute: str) -> bool | None:
    """Whether the members named ``attribute`` that the module's classes declare hold JAX
    arrays: True when each class declaring one annotates it as a JAX array (``qvel:
    jax.Array``), False when one class makes it anything else (a container, a NumPy array,
    a method, a constant, an attribute only its methods set), None when no class declares it
    (the value's class is not shown here). By name, as static fields are matched."""
    verdicts = {_declared_as_array(index, resolver, name, attribute) for name in index.class_nodes}
    verdicts.discard(None)
    return None if not verdicts else False not in verdicts


def _declared_as_array(index: ModuleIndex, resolver: Resolver, class_name: str,
                       attribute: str) -> bool | None:
    for small in body_statements(index, class_name):
        if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                and small.target.value == attribute:
            annotation = small.annotation.annotation
            return _array_annotation(annotation) and not (
                resolver.qualname(annotation, None) or "").startswith("numpy.")
        if type(small) is cst.Assign and any(
                type(t.target) is cst.Name and t.target.value == attribute for t in small.targets):
            return False
    if attribute in index.classes.get(class_name, {}) \
            or (class_name, attribute) in index.self_stores:
        return False
    return None


def string_constant(index: ModuleIndex, class_name: str, attribute: str) -> bool:
    """Whether the class body binds ``attribute`` to a string literal (``KEY = "obs"``)."""
    for small in body_statements(index, class_name):
        if type(small) is cst.Assign and len(small.targets) == 1 \
                and type(small.targets[0].target) is cst.Name \
                and small.targets[0].target.value == attribute:
            return isinstance(small.value, (cst.SimpleString, cst.ConcatenatedString))
    return False


def body_statements(index: ModuleIndex, class_name: str) -> list[cst.BaseSmallStatement]:
    """The small statements written directly in the class body (field declarations,
    constants), not in its methods."""
    node = index.class_nodes.get(class_name)
    if node is None or type(node.body) is not cst.IndentedBlock:
        return []
    return [small for line in node.body.body if type(line) is cst.SimpleStatementLine
            for small in line.body]


def _container_factory(value: cst.BaseExpression | None) -> bool:
    """``field(default_factory=dict)``."""
    return type(value) is cst.Call and any(
        arg.keyword is not None and arg.keyword.value == "default_factory"
        and type(arg.value) is cst.Name and arg.value.value in CONTAINER_TYPES
        for arg in value.args)


def _array_annotation(annotation: cst.BaseExpression) -> bool:
    if type(annotation) is cst.Name and annotation.value in PYTHON_SCALAR_ANNOTATIONS:
        return False  # a Python int/float field of an eqx.Module is a static-looking leaf
    return annotation_is_array(annotation)


def applied_function(index: ModuleIndex, resolver: Resolver, expr: cst.BaseExpression,
                     unit: Unit | None) -> tuple[Unit, int] | None:
    """What ``model.apply`` / ``net.apply`` runs, and how many leading ``apply`` arguments
    it does not receive (a negative shift): a linen module's ``__call__`` (``variables``
    takes the place of ``self``: shift 0), or the function given to ``hk.transform``
    (``params, rng`` first: shift -2)."""
    if not type(expr) is cst.Attribute or expr.attr.value != "apply" \
            or not type(expr.value) is cst.Name:
        return None
    found = single_value(index, unit, expr.value.value)
    value = found[0] if found is not None else None
    if not type(value) is cst.Call:
        return None
    if type(value.func) is cst.Name and value.func.value in index.class_nodes:
        if derives_from(index, resolver, value.func.value, LINEN_BASES, set()):
            call = index.classes.get(value.func.value, {}).get("__call__")
            return (call, 0) if call is not None else None
        return None
    qual = resolver.qualname(value.func, unit)
    without_rng = qual == HAIKU_WITHOUT_RNG
    if without_rng and value.args and type(value.args[0].value) is cst.Call:
        value = value.args[0].value
        qual = resolver.qualname(value.func, unit)
    skipped = HAIKU_TRANSFORMS.get(qual or "")
    if skipped is None or not value.args:
        return None
    forward = resolver.function(value.args[0].value, unit)
    if forward is None:
        return None
    return forward, -(skipped - 1 if without_rng else skipped)


def derives_from(index: ModuleIndex, resolver: Resolver, name: str, bases: frozenset[str],
                  seen: set[str]) -> bool:
    node = index.class_nodes.get(name)
    if node is None or name in seen:
        return False
    seen.add(name)
    for base in node.bases:
        if (resolver.qualname(base.value, None) or "") in bases:
            return True
        if type(base.value) is cst.Name and derives_from(
                index, resolver, base.value.value, bases, seen):
            return True
    return False
