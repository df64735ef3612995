"""A call that stores its arguments in a plain Python list: ``seq.append((key, state))``.

Storing a key in a list draws nothing from it: the list keeps the key for later (a replay
record for a renderer, the keys of an episode). A call is taken to store only when its
receiver is a name bound once, in scope, to a list display (``seq = []``) or ``list()``,
so that the method is the list's own; a receiver of unknown type may be anything, a key
holder that draws included."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import ModuleIndex, Unit

STORING_METHODS = frozenset({"append", "extend", "insert"})


def stores_in_list(index: ModuleIndex, call: cst.Call, unit: Unit | None) -> bool:
    """Whether ``call`` is ``seq.append(...)``/``extend``/``insert`` of a list ``seq``."""
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value not in STORING_METHODS \
            or type(func.value) is not cst.Name:
        return False
    bound = single_value(index, unit, func.value.value)
    if bound is None:
        return False
    value = bound[0]
    return type(value) is cst.List or type(value) is cst.Call \
        and type(value.func) is cst.Name and value.func.value == "list"
