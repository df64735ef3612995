"""A call of a function that only splits a key parameter and returns the children
(module/split_returns.py), read as the caller's split of the key it passes.

``evaluator, absolute, (params, eval_keys) = evaluator_setup(env, key_e=key_e)`` binds the
children the setup split off ``key_e`` to ``eval_keys`` alone (the path ``(2, 1)`` of its
result): those are the split's results, as ``key_e, *eval_keys = split(key_e, n + 1)``'s
names are, and when ``eval_keys`` is overwritten before any read, the call is no use of
``key_e`` (flow/key_uses.py's ``first_result_dead``). The names bound from the other parts
(``evaluator``) are no results of the key: reading them keeps nothing drawn.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.imported_undrawn import passed_key
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.split_returns import Paths, split_returned
from jaxpure.analysis.syntax import target_names, target_paths

__all__ = ["returned_children"]


def returned_children(resolver: Resolver, unit: Unit | None, statement: cst.CSTNode | None,
                      call: cst.Call, name: str) -> frozenset[str] | None:
    """The local names ``statement`` (of the function ``unit``, not in a loop: the next
    iteration may read what this one bound) binds to the children of the key ``name`` that
    ``call`` (its whole value) splits and returns; None when ``call`` is no such call, or
    its result may be kept some other way (an attribute)."""
    if unit is None or type(unit.node) is not cst.FunctionDef \
            or type(statement) is not cst.Assign or statement.value is not call \
            or any(target_paths(t.target) for t in statement.targets):
        return None
    paths = _split_paths(resolver, unit, call, name)
    if not paths:
        return None
    names = frozenset(n for t in statement.targets for path in paths
                      for n in _names_at(t.target, path))
    if names & (unit.declared_global | unit.declared_nonlocal):
        return None
    return names


def _split_paths(resolver: Resolver, unit: Unit, call: cst.Call, name: str) -> Paths | None:
    """The paths of the children of the key ``name`` in ``call``'s result, if ``call``'s
    function (of this module, or of another one the summaries know) only splits the
    parameter ``name`` is passed for and returns the children."""
    callee = resolver.function(call.func, unit)
    if callee is not None:
        if callee.parent_is_class:
            return None
        passed = callee.arguments_of(call)
        for param, paths in split_returned(resolver, callee).items():
            value = passed.get(param) if passed is not None else None
            if type(value) is cst.Name and value.value == name:
                return paths
        return None
    imported = resolver.memo.get("imported_split_returns")
    qual = resolver.qualname(call.func, unit) if imported else None
    if not imported or not qual:
        return None
    facts = imported.get(qual)
    if facts is None:  # named as the project names its module (imported_undrawn.py)
        facts = next((found for function, found in imported.items()
                      if qual.endswith("." + function)), ())
    for param, position, paths in facts:
        value = passed_key(call, param, position)
        if type(value) is cst.Name and value.value == name:
            return paths
    return None


def _names_at(target: cst.BaseExpression, path: tuple[int, ...]) -> list[str]:
    """The names ``target`` binds to the part of the value at ``path``: all it binds there
    when its form does not follow the path (a name holding the whole tuple, a starred
    element at or before the position)."""
    while path and isinstance(target, (cst.Tuple, cst.List)):
        elements = target.elements
        starred = next((i for i, e in enumerate(elements) if type(e) is cst.StarredElement),
                       len(elements))
        if path[0] >= min(starred, len(elements)):
            break
        target, path = elements[path[0]].value, path[1:]
    return target_names(target)
