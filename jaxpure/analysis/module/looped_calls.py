"""Abstract methods a base class runs in a loop: every step runs a subclass's override.

A base trainer's ``train`` loops over steps and calls ``self.update_params(...)``, declared
abstract (``@abc.abstractmethod``, or a body that only raises NotImplementedError): whatever
subclass the instance is, its ``update_params`` runs once per step. Within a module,
queries/repetition.py follows ``self.m(...)`` in a loop to the overrides of the module's own
subclasses; a subclass in another module (init2winit's ``Trainer`` in trainer.py, its base in
base_trainer.py) learns it from the base module's summary (``SelfCall`` with the via
``LOOPED_SELF_CALL``), through summary.override_seeds. Only abstract methods are listed: a
call of one runs an override on every path, and a module rarely declares them, so the walk
stays small.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.class_facts import abstract_method
from jaxpure.analysis.module.hierarchy import owner_class, self_method_call
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.syntax import contains, inner_statements, statements

__all__ = ["LOOPED_SELF_CALL", "looped_abstract_calls"]

# the via of a SelfCall (and of the seed it makes) for a call in a loop, not in a trace
LOOPED_SELF_CALL = "self call in a loop"


def looped_abstract_calls(index: ModuleIndex) -> list[tuple[str, Unit, str]]:
    """(class, calling method, m) for each ``self.m(...)`` inside a ``for`` or ``while``
    loop of a method of a class that declares ``m`` abstract."""
    found: list[tuple[str, Unit, str]] = []
    abstract = {name: {method for method, unit in methods.items() if abstract_method(unit)}
                for name, methods in index.classes.items()}
    if not any(abstract.values()):
        return found
    for unit in index.units:
        owner = owner_class(unit)
        declared = abstract.get(owner, set()) if owner is not None else set()
        if not declared or type(unit.node) is not cst.FunctionDef:
            continue
        calls = [(call, method) for call in unit.calls
                 for method in [self_method_call(unit, call)] if method in declared]
        loops = _loops(unit.node) if calls else []
        for call, method in calls:
            if (owner, unit, method) not in found and any(contains(loop.body, call)
                                                          for loop in loops):
                found.append((owner, unit, method))  # type: ignore[arg-type]
    return found


def _loops(function: cst.FunctionDef) -> list[cst.For | cst.While]:
    """The ``for`` and ``while`` statements of ``function``'s own body, at any depth."""
    found: list[cst.For | cst.While] = []
    stack: list[cst.CSTNode] = list(statements(function.body))
    while stack:
        node = stack.pop()
        if type(node) is cst.For or type(node) is cst.While:
            found.append(node)
        stack.extend(inner_statements(node))
    return found
