"""Parameters of a model method that its callers in the module fill with Python containers.

A linen parent builds a dict or list in its ``__call__`` and hands it to each submodule
(flaxmodels' ResNet: ``act = {}``, then ``Block(...)(x, act, train)``, each block writing
``act[self.block_name] = x``; its discriminator's blocks append side outputs to the parent's
``feature_list``). The submodule runs in the parent's trace, so the container is a Python
dict or list there, mutated at trace time as its parent means; never an array. When every
call of the method the module shows (module/submodule_calls.py) passes, for
a parameter, a name bound once to a dict or list display (or such a display itself), that
parameter is a container, as one defaulting to ``[]`` is (contracts.container_parameters).
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.submodule_calls import submodule_calls

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
    calls = submodule_calls(index).get(id(unit), [])
    names: set[str] | None = None
    for caller, call in calls:
        passed = _passed(unit, call)
        if passed is None:
            return frozenset()
        filled = {name for name, value in passed.items() if _container(index, caller, value)}
        names = filled if names is None else names & filled
    return frozenset(names or ())


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
