"""Arguments of calls and literal values: ``f(x, axis=1)``, ``(0, -1)``, ``x.at[i].set(v)``."""

from __future__ import annotations

import libcst as cst


def positional_args(call: cst.Call) -> list[cst.Arg]:
    return [a for a in call.args if a.keyword is None and a.star == ""]


def keyword_arg(call: cst.Call, name: str) -> cst.Arg | None:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg
    return None


def call_arg(call: cst.Call, position: int, keyword: str | None = None) -> cst.BaseExpression | None:
    if keyword is not None:
        found = keyword_arg(call, keyword)
        if found is not None:
            return found.value
    positional = positional_args(call)
    if position < len(positional):
        return positional[position].value
    return None


def int_literals(node: cst.BaseExpression | None) -> list[int] | None:
    """``1`` -> [1]; ``(0, -1)`` -> [0, -1]; None when not a literal."""
    if node is None:
        return []
    if type(node) is cst.Integer:
        return [int(node.value, 0)]
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        inner = int_literals(node.expression)
        return [-v for v in inner] if inner is not None and len(inner) == 1 else None
    if isinstance(node, (cst.Tuple, cst.List)):
        values: list[int] = []
        for element in node.elements:
            inner = int_literals(element.value)
            if inner is None:
                return None
            values.extend(inner)
        return values
    return None


def str_literals(node: cst.BaseExpression | None) -> list[str] | None:
    if node is None:
        return []
    if type(node) is cst.SimpleString:
        return [node.evaluated_value] if isinstance(node.evaluated_value, str) else None
    if isinstance(node, (cst.Tuple, cst.List)):
        values: list[str] = []
        for element in node.elements:
            inner = str_literals(element.value)
            if inner is None:
                return None
            values.extend(inner)
        return values
    return None


AT_METHODS = frozenset(
    {"set", "add", "subtract", "multiply", "mul", "divide", "div", "power", "min", "max",
     "apply"}
)


def at_update_base(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """``x`` for ``x.at[i].set(v)``; None for anything else."""
    if not type(node) is cst.Call or not type(node.func) is cst.Attribute:
        return None
    if node.func.attr.value not in AT_METHODS:
        return None
    indexer = node.func.value
    if not type(indexer) is cst.Subscript or not type(indexer.value) is cst.Attribute:
        return None
    if indexer.value.attr.value != "at":
        return None
    return indexer.value.value


def at_update_method(node: cst.BaseExpression) -> str | None:
    """``"set"`` for ``x.at[i].set(v)``; None for anything else."""
    if at_update_base(node) is None or not type(node) is cst.Call or not type(node.func) is cst.Attribute:
        return None
    return node.func.attr.value


def is_int_literal(node: cst.BaseExpression | None) -> bool:
    """``3`` or ``-3``."""
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        node = node.expression
    return type(node) is cst.Integer
