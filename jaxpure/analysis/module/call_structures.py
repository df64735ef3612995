"""The pytree structure a call visibly passes: the keys of dict displays given as arguments.

A jitted function is traced again for arguments of a structure it has not seen: a notebook
that rebinds a global the function reads (``apply_fn = jax.jit(residual)``) and then calls
the function with the new network's parameters (``loss({"w1": ..., "w2": ...}, x, y)``
after ``loss({"w": ...}, x, y)``) gets a new trace, which reads the new value.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.syntax import descendants

# argument (position, or keyword) -> the keys of the dict display passed there
Structure = dict[int | str, frozenset[str]]


def passed_structure(statement: cst.CSTNode, names: set[str]) -> Structure | None:
    """The dict keys passed, argument by argument, by the one call of one of ``names`` in
    ``statement``; None when there is not exactly one such call."""
    calls = [node for node in descendants(statement) if type(node) is cst.Call
             and type(node.func) is cst.Name and node.func.value in names]
    if len(calls) != 1:
        return None
    found: Structure = {}
    for position, arg in enumerate(calls[0].args):
        keys = _display_keys(arg.value)
        if keys is not None:
            found[arg.keyword.value if arg.keyword is not None else position] = keys
    return found


def new_structure(after: Structure | None, before: list[Structure | None]) -> bool:
    """Whether a call passing ``after`` passes, at some argument, dict keys that differ from
    those every call of ``before`` passed there: none of their traces fits it."""
    if after is None or not before or any(b is None for b in before):
        return False
    return any(all(where in b and b[where] != keys for b in before if b is not None)
               for where, keys in after.items())


def _display_keys(value: cst.BaseExpression) -> frozenset[str] | None:
    if type(value) is not cst.Dict:
        return None
    keys = []
    for element in value.elements:
        if type(element) is not cst.DictElement or type(element.key) is not cst.SimpleString:
            return None
        keys.append(element.key.value[1:-1])
    return frozenset(keys)
