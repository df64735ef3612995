"""The calls of a model's submodules that a module shows: which ``__call__`` each one runs.

A linen parent calls its parts in its own ``__call__``: ``Block(...)(x)``, ``self.block(x)``
(an attribute its ``setup`` stores one class's instance in), or through a field holding a
class (``skip_cls: ModuleDef = SkipConnection``), called as ``self.skip_cls(...)(x, y.shape)``
or wrapped first (``skip_cls = partial(self.skip_cls, conv_block_cls=...)``, then
``skip_cls(strides)(x, y.shape)``, as jax-resnet's blocks do). The field's class is the one
its default names, in the caller's class or in a subclass that inherits the caller and
declares the field anew (``class ResNetDBlock(ResNetBlock): skip_cls: ModuleDef =
ResNetDSkipConnection``), and every ``skip_cls=`` the module passes. A class that does not
define ``__call__`` runs the one it inherits from a base of the module.

What such a call passes is what the submodule's method gets in its parent's trace, whoever
applies the parent: its callers are in sight (container_arguments.py, flow/kinds.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.classes import held_method
from jaxpure.analysis.module.contracts import model_class_names
from jaxpure.analysis.module.hierarchy import subclasses
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver

__all__ = ["submodule_calls", "called_submodules", "model_parts"]

# how deep a class chain is followed for a field's default: a bound on a cycle's cost
_MAX_BASES = 8


def submodule_calls(index: ModuleIndex) -> dict[int, list[tuple[Unit, cst.Call]]]:
    """id(method) -> (caller, call) for each call of the module that runs a submodule's
    ``__call__`` (worked out once per module)."""
    table = index.__dict__.get("_submodule_calls")
    if table is None:
        table = index.__dict__["_submodule_calls"] = {}
        for caller in index.units:
            for call in caller.calls:
                for method in called_submodules(index, caller, call):
                    table.setdefault(id(method), []).append((caller, call))
    return table


def called_submodules(index: ModuleIndex, caller: Unit, call: cst.Call) -> list[Unit]:
    """The ``__call__`` methods ``call`` (in the method ``caller``) may run."""
    func = call.func
    if not index.class_nodes:
        return []
    if type(func) is cst.Attribute and type(func.value) is cst.Name \
            and func.value.value == "self":
        held = held_method(index, call, caller)
        return [held] if held is not None else []
    if type(func) is cst.Name and caller.parent_is_class and caller.assigned.get(func.value) == 1:
        # `skip = self.skip_cls(strides)` then `skip(x, s)`: the instance a local holds
        bound = single_value(index, caller, func.value)
        func = bound[0] if bound is not None and bound[1] is caller else func
    if type(func) is not cst.Call:
        return []
    classes = _classes_of(index, caller, func.func)
    methods = [_call_method(index, name) for name in classes]
    return [m for m in methods if m is not None]


def model_parts(index: ModuleIndex, resolver: Resolver, caller: Unit,
                call: cst.Call) -> list[Unit]:
    """The methods of the module's model classes (linen, haiku, Equinox) ``call`` may run:
    the parts a model calls, which its trace reaches (a plain class's ``__call__`` is left
    to the resolver)."""
    models = model_class_names(index, resolver)
    if not models:
        return []
    return [part for part in called_submodules(index, caller, call)
            if part.class_name in models]


def _classes_of(index: ModuleIndex, caller: Unit, expr: cst.BaseExpression) -> list[str]:
    """The classes of the module a constructor expression may be: a class's name, a field of
    the caller's class holding one, or either wrapped in ``partial`` (inline, or through a
    local the caller binds once)."""
    if type(expr) is cst.Name and caller.assigned.get(expr.value) == 1:
        bound = single_value(index, caller, expr.value)
        expr = bound[0] if bound is not None and bound[1] is caller else expr
    expr = _partial_of(index, expr) or expr
    return _class_named(index, expr) or _class_field(index, caller, expr)


def _partial_of(index: ModuleIndex, expr: cst.BaseExpression) -> cst.BaseExpression | None:
    """``f`` of ``partial(f, ...)`` (``functools.partial`` however imported)."""
    if type(expr) is not cst.Call or not expr.args or expr.args[0].keyword is not None \
            or expr.args[0].star:
        return None
    text = dotted_name(expr.func) or ""
    head, _, rest = text.partition(".")
    qualified = index.imports.aliases.get(head, head) + (f".{rest}" if rest else "")
    return expr.args[0].value if qualified == "functools.partial" else None


def _class_named(index: ModuleIndex, expr: cst.BaseExpression) -> list[str]:
    if type(expr) is cst.Name and expr.value in index.class_nodes \
            and len(index.bindings.get(expr.value, ())) <= 1:
        return [expr.value]
    return []


def _call_method(index: ModuleIndex, name: str) -> Unit | None:
    """The ``__call__`` a class of the module runs: its own, or the one the nearest base of
    the module defines (single bases followed)."""
    node = index.class_nodes.get(name)
    for _ in range(_MAX_BASES):
        own = index.classes.get(name, {}).get("__call__")
        if own is not None or node is None or len(node.bases) != 1 \
                or type(node.bases[0].value) is not cst.Name:
            return own
        name = node.bases[0].value.value
        node = index.class_nodes.get(name)
    return None


def _class_field(index: ModuleIndex, caller: Unit, expr: cst.BaseExpression) -> list[str]:
    """``self.block`` where ``block`` is a field holding a class: the classes its default
    names in the caller's class and in each subclass that runs the caller (declaring the
    field anew or not), and every ``block=`` the module passes; [] when any of them is no
    class of the module (wrapped in ``partial`` or not)."""
    if not (type(expr) is cst.Attribute and type(expr.value) is cst.Name
            and expr.value.value == "self" and caller.class_name in index.class_nodes):
        return []
    field = expr.attr.value
    owner = caller.class_name or ""
    values: list[cst.BaseExpression] = []
    for cls in [owner] + subclasses(index, owner):
        if cls != owner and not _runs(index, cls, owner, caller.name):
            continue
        default = _field_default(index, cls, field)
        if default is None:
            return []
        values.append(default)
    for unit in index.units:
        for call in unit.calls:
            values += [arg.value for arg in call.args
                       if arg.keyword is not None and arg.keyword.value == field]
    names = [_class_named(index, _partial_of(index, value) or value) for value in values]
    return list(dict.fromkeys(found[0] for found in names if found)) if all(names) else []


def _runs(index: ModuleIndex, cls: str, owner: str, method: str) -> bool:
    """A subclass ``cls`` of ``owner`` runs ``owner``'s ``method``: no class between them
    (single bases followed) defines its own."""
    node = index.class_nodes.get(cls)
    for _ in range(_MAX_BASES):
        if node is None or cls == owner:
            return cls == owner
        if method in index.classes.get(cls, {}) or len(node.bases) != 1 \
                or type(node.bases[0].value) is not cst.Name:
            return False
        cls = node.bases[0].value.value
        node = index.class_nodes.get(cls)
    return False


def _field_default(index: ModuleIndex, cls: str, field: str) -> cst.BaseExpression | None:
    """The default the class body gives ``field`` (``skip_cls: ModuleDef = X``), in ``cls``
    or the nearest base of the module declaring it (single bases followed)."""
    for _ in range(_MAX_BASES):
        node = index.class_nodes.get(cls)
        if node is None or type(node.body) is not cst.IndentedBlock:
            return None
        for statement in node.body.body:
            for small in statement.body if type(statement) is cst.SimpleStatementLine else ():
                if type(small) is cst.AnnAssign and type(small.target) is cst.Name \
                        and small.target.value == field:
                    return small.value
        if len(node.bases) != 1 or type(node.bases[0].value) is not cst.Name:
            return None
        cls = node.bases[0].value.value
    return None
