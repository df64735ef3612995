"""Parameters of a model method that its callers in the module fill with Python containers.

A linen parent builds a dict or list in its ``__call__`` and hands it to each submodule
(flaxmodels' ResNet: ``act = {}``, then ``Block(...)(x, act, train)``, each block writing
``act[self.block_name] = x``; its discriminator's blocks append side outputs to the parent's
``feature_list``). The submodule runs in the parent's trace, so the container is a Python
dict or list there, mutated at trace time as its parent means; never an array. When every
call of the method the module shows (``Block(...)(...)`` or ``self.block(...)``) passes, for
a parameter, a name bound once to a dict or list display (or such a display itself), that
parameter is a container, as one defaulting to ``[]`` is (contracts.container_parameters).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.classes import held_method
from jaxpure.analysis.module.index import ModuleIndex, Unit

__all__ = ["passed_containers"]

CONTAINER_DISPLAYS = (cst.Dict, cst.List)


def passed_containers(index: ModuleIndex, unit: Unit) -> frozenset[str]:
    """The parameters of the method ``unit`` that every call of it in the module, and there
    is one, passes a dict or list built by the caller."""
    found = unit.__dict__.get("_passed_containers")
    if found is None:
        found = unit.__dict__["_passed_containers"] = _passed_containers(index, unit)
    return found


def _passed_containers(index: ModuleIndex, unit: Unit) -> frozenset[str]:
    if not unit.parent_is_class or unit.is_staticmethod or unit.class_name is None:
        return frozenset()
    calls = _method_calls(index).get(id(unit), [])
    names: set[str] | None = None
    for caller, call in calls:
        passed = _passed(unit, call)
        if passed is None:
            return frozenset()
        filled = {name for name, value in passed.items() if _container(index, caller, value)}
        names = filled if names is None else names & filled
    return frozenset(names or ())


def _method_calls(index: ModuleIndex) -> dict[int, list[tuple[Unit, cst.Call]]]:
    """id(method) -> (caller, call) for each ``Model(...)(...)`` / ``self.block(...)`` of the
    module that runs a ``__call__`` (worked out once per module)."""
    table = index.__dict__.get("_model_method_calls")
    if table is None:
        table = index.__dict__["_model_method_calls"] = {}
        for caller in index.units:
            for call in caller.calls:
                for method in _called_methods(index, caller, call):
                    table.setdefault(id(method), []).append((caller, call))
    return table


def _called_methods(index: ModuleIndex, caller: Unit, call: cst.Call) -> list[Unit]:
    """The ``__call__`` methods ``call`` may run: ``Block(...)(x)``, ``self.block(x)`` (an
    attribute holding a submodule) or ``self.block(...)(x)`` (a field holding a class)."""
    func = call.func
    if type(func) is cst.Call:
        classes = _class_named(index, func.func) or _class_field(index, caller, func.func)
        methods = [index.classes.get(name, {}).get("__call__") for name in classes]
        return [m for m in methods if m is not None]
    if type(func) is cst.Attribute and type(func.value) is cst.Name \
            and func.value.value == "self":
        held = held_method(index, call, caller)
        return [held] if held is not None else []
    return []


def _class_named(index: ModuleIndex, expr: cst.BaseExpression) -> list[str]:
    if type(expr) is cst.Name and expr.value in index.class_nodes \
            and len(index.bindings.get(expr.value, ())) <= 1:
        return [expr.value]
    return []


def _class_field(index: ModuleIndex, caller: Unit, expr: cst.BaseExpression) -> list[str]:
    """``self.block`` where ``block`` is a field of the caller's class (``block: nn.Module =
    BasicBlock``) that its default and every ``block=`` the module passes set to a class of
    the module; [] when any is something else."""
    if not (type(expr) is cst.Attribute and type(expr.value) is cst.Name
            and expr.value.value == "self" and caller.class_name in index.class_nodes):
        return []
    field = expr.attr.value
    owner = caller.class_name
    values: list[cst.BaseExpression] = []
    for statement in index.class_nodes[owner].body.body:
        small = statement.body if type(statement) is cst.SimpleStatementLine else ()
        for item in small:
            if type(item) is cst.AnnAssign and type(item.target) is cst.Name \
                    and item.target.value == field and item.value is not None:
                values.append(item.value)
    if len(values) != 1:
        return []
    for unit in index.units:
        for call in unit.calls:
            values += [arg.value for arg in call.args
                       if arg.keyword is not None and arg.keyword.value == field]
    names = [_class_named(index, value) for value in values]
    return [found[0] for found in names if found] if all(names) else []


def _passed(method: Unit, call: cst.Call) -> dict[str, cst.BaseExpression] | None:
    """Parameter -> argument of a call of ``method`` through an instance (after ``self``)."""
    if any(arg.star for arg in call.args):
        return None
    positional = [p for p in method.params if p.index >= 0 and not p.star][1:]
    passed: dict[str, cst.BaseExpression] = {}
    for position, arg in enumerate(a for a in call.args if a.keyword is None):
        if position >= len(positional):
            return None
        passed[positional[position].name] = arg.value
    passed.update({a.keyword.value: a.value for a in call.args if a.keyword is not None})
    return passed


def _container(index: ModuleIndex, caller: Unit, value: cst.BaseExpression) -> bool:
    """A dict or list display, or a name of ``caller`` bound once to one."""
    if isinstance(value, CONTAINER_DISPLAYS):
        return True
    if type(value) is not cst.Name:
        return False
    bound = single_value(index, caller, value.value)
    return bound is not None and isinstance(bound[0], CONTAINER_DISPLAYS)
