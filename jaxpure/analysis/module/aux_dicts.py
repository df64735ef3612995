"""Aux data a ``tree_flatten`` method builds as a dict of its dataclass's own fields.

qwix's quantization configs are frozen dataclasses registered with
``register_pytree_node_class`` whose flatten keeps every field as aux data but the few it
hands back as children::

    aux = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
    del aux["noise_fn"]
    return (self.noise_fn,), aux

No field is written in that dict, so what makes its fields static is read off the shape:
the dict holds every field of the class (``dataclasses.fields``/``dataclasses.asdict`` of
``self``), less the keys the comprehension filters out by name (``if f.name not in
(...)``) and the ones the method deletes or pops by name. Anything else done with the
dict (an entry written, the dict handed to a call, a key removed by a computed name, a
second binding, a return that makes it a child) says nothing for sure: no field then.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import assignment_of, mentions, own_statements, str_literals


def aux_dict_fields(method: cst.FunctionDef, aux: cst.BaseExpression,
                    fields: frozenset[str], resolver: Resolver) -> frozenset[str]:
    """The fields of the class (``fields``: those its body declares) that the flatten
    ``method`` returns in the aux data ``aux`` (the second element it returns), when that
    is a dict of the instance's dataclass fields, directly or through a local."""
    params = method.params.params
    if not params:
        return frozenset()
    owner = params[0].name.value
    if type(aux) is not cst.Name:
        kept = _fields_dict_keys(aux, fields, owner, resolver)
        return kept if kept is not None else frozenset()
    binding = assignment_of(method.body, aux.value)
    if binding is None:
        return frozenset()
    kept = _fields_dict_keys(binding.value, fields, owner, resolver) \
        if binding.value is not None else None
    removed = _removed_keys(method, aux.value, binding)
    if kept is None or removed is None:
        return frozenset()
    return kept - removed


def fields_dict(value: cst.BaseExpression, resolver: Resolver) -> bool:
    """``value`` builds a dict of some instance's dataclass fields (``dataclasses.asdict``,
    a comprehension over ``dataclasses.fields``), whatever it then keeps."""
    if type(value) is cst.Call:
        return resolver.qualname(value.func, None) == "dataclasses.asdict"
    return type(value) is cst.DictComp and type(value.for_in.iter) is cst.Call \
        and resolver.qualname(value.for_in.iter.func, None) == "dataclasses.fields"


def _fields_dict_keys(value: cst.BaseExpression, fields: frozenset[str], owner: str,
                      resolver: Resolver) -> frozenset[str] | None:
    """``fields`` less those filtered out, when ``value`` is a dict of the dataclass fields
    of ``owner`` (``{f.name: getattr(self, f.name) for f in dataclasses.fields(self)}``,
    ``dataclasses.asdict(self)``); else None."""
    if type(value) is cst.Call:
        if resolver.qualname(value.func, None) == "dataclasses.asdict" \
                and len(value.args) == 1 and _is_instance(value.args[0].value, owner):
            return fields
        return None
    if type(value) is not cst.DictComp:
        return None
    loop = value.for_in
    iterated = loop.iter
    if loop.inner_for_in is not None or loop.asynchronous is not None \
            or type(loop.target) is not cst.Name or type(iterated) is not cst.Call \
            or resolver.qualname(iterated.func, None) != "dataclasses.fields" \
            or len(iterated.args) != 1 or not _is_instance(iterated.args[0].value, owner) \
            or not _names_field(value.key, loop.target.value):
        return None
    kept = set(fields)
    for condition in loop.ifs:
        excluded = _excluded_names(condition.test, loop.target.value)
        if excluded is None:
            return None
        kept -= excluded
    return frozenset(kept)


def _is_instance(node: cst.BaseExpression, owner: str) -> bool:
    """``self``, ``type(self)``, ``self.__class__``: what ``dataclasses.fields`` reads the
    fields of, for the instance ``owner`` names."""
    if type(node) is cst.Name:
        return node.value == owner
    if type(node) is cst.Attribute:
        return node.attr.value == "__class__" and _is_instance(node.value, owner)
    return type(node) is cst.Call and type(node.func) is cst.Name \
        and node.func.value == "type" and len(node.args) == 1 \
        and _is_instance(node.args[0].value, owner)


def _names_field(node: cst.BaseExpression, target: str) -> bool:
    """``f.name`` for the loop variable ``f``: the key is the field's name."""
    return type(node) is cst.Attribute and node.attr.value == "name" \
        and type(node.value) is cst.Name and node.value.value == target


def _excluded_names(test: cst.BaseExpression, target: str) -> set[str] | None:
    """The names ``if f.name not in ("a", "b")`` or ``if f.name != "a"`` leaves out of the
    dict; None for any other filter (which fields it keeps is not known)."""
    if type(test) is not cst.Comparison or len(test.comparisons) != 1 \
            or not _names_field(test.left, target):
        return None
    comparison = test.comparisons[0]
    if type(comparison.operator) not in (cst.NotIn, cst.NotEqual):
        return None
    names = str_literals(comparison.comparator)
    if names is None or type(comparison.operator) is cst.NotEqual and len(names) != 1 \
            or type(comparison.operator) is cst.NotIn \
            and type(comparison.comparator) is cst.SimpleString:
        return None
    return set(names)


def _removed_keys(method: cst.FunctionDef, name: str,
                  binding: cst.Assign | cst.AnnAssign) -> set[str] | None:
    """The keys the method deletes from the dict ``name`` by literal name (``del aux["a"]``,
    ``aux.pop("a")``), when every mention of ``name`` is its one binding, such a removal or
    a return of it as the aux data; else None."""
    removed: set[str] = set()
    accounted = mentions(binding, name)
    for statement in own_statements(method.body, nested=True):  # its helpers' too
        if statement is binding or not mentions(statement, name):
            continue
        key = _removal(statement, name)
        if key is None and not _returned_as_aux(statement, name):
            return None
        removed.update(key or ())
        accounted += mentions(statement, name)
    return removed if accounted == mentions(method.body, name) else None


def _removal(statement: cst.BaseSmallStatement, name: str) -> list[str] | None:
    """The keys ``del name["a"], name["b"]`` or ``name.pop("a"[, default])`` removes."""
    if type(statement) is cst.Del:
        targets = [e.value for e in statement.target.elements] \
            if type(statement.target) is cst.Tuple else [statement.target]
        keys = [_literal_key(target, name) for target in targets]
        return [key for key in keys if key is not None] if None not in keys else None
    if type(statement) is cst.Expr and type(statement.value) is cst.Call:
        call = statement.value
        func = call.func
        if type(func) is cst.Attribute and func.attr.value == "pop" \
                and type(func.value) is cst.Name and func.value.value == name \
                and call.args and type(call.args[0].value) is cst.SimpleString \
                and not any(mentions(arg, name) for arg in call.args):
            key = call.args[0].value.evaluated_value
            return [key] if isinstance(key, str) else None
    return None


def _literal_key(target: cst.BaseExpression, name: str) -> str | None:
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name \
            or target.value.value != name or len(target.slice) != 1:
        return None
    index = target.slice[0].slice
    if type(index) is not cst.Index or type(index.value) is not cst.SimpleString:
        return None
    key = index.value.evaluated_value
    return key if isinstance(key, str) else None


def _returned_as_aux(statement: cst.BaseSmallStatement, name: str) -> bool:
    """``return children, name``: the dict returned as the aux data, and only there."""
    if type(statement) is not cst.Return or type(statement.value) is not cst.Tuple:
        return False
    elements = statement.value.elements
    return len(elements) == 2 and type(elements[1].value) is cst.Name \
        and elements[1].value.value == name and not mentions(elements[0].value, name)
