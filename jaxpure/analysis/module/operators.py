"""Operators as the method calls Python makes of them.

``b1 & b2`` runs ``type(b1).__and__(b1, b2)`` and ``a < b`` runs ``type(a).__lt__(a, b)``:
where ``b1`` is known to hold an instance of a project class that defines the dunder (a
parameter annotated with it, ``self`` in its methods), the call graph follows the operator
into that method exactly as it follows ``b1.__and__(b2)``. Each operator whose left operand
is a name is given the call it stands for, built once per module (module/index.py) so that
the call graph (module/traced.py) and the argument kinds (flow/callsites.py) see the same
node. The reflected forms (``__rand__``, for a left operand that declines) and subscripts
are not followed: which class answers then is not the left operand's.
"""

from __future__ import annotations

import libcst as cst

BINARY_DUNDERS: dict[type, str] = {
    cst.Add: "__add__", cst.Subtract: "__sub__", cst.Multiply: "__mul__",
    cst.Divide: "__truediv__", cst.FloorDivide: "__floordiv__", cst.Modulo: "__mod__",
    cst.Power: "__pow__", cst.MatrixMultiply: "__matmul__", cst.BitAnd: "__and__",
    cst.BitOr: "__or__", cst.BitXor: "__xor__", cst.LeftShift: "__lshift__",
    cst.RightShift: "__rshift__",
}
COMPARISON_DUNDERS: dict[type, str] = {
    cst.Equal: "__eq__", cst.NotEqual: "__ne__", cst.LessThan: "__lt__",
    cst.LessThanEqual: "__le__", cst.GreaterThan: "__gt__", cst.GreaterThanEqual: "__ge__",
}
# the methods an operator may call: a module defining none of them has no operator to follow
OPERATOR_DUNDERS = frozenset({*BINARY_DUNDERS.values(), *COMPARISON_DUNDERS.values()})


def operator_call(node: cst.CSTNode) -> cst.Call | None:
    """``left.__op__(right)`` for ``left <op> right`` with a name on the left, else None.
    A chained comparison (``a < b < c``) is left alone: it is two calls and a truth test."""
    if type(node) is cst.BinaryOperation:
        left, right = node.left, node.right
        dunder = BINARY_DUNDERS.get(type(node.operator))
    elif type(node) is cst.Comparison and len(node.comparisons) == 1:
        left, right = node.left, node.comparisons[0].comparator
        dunder = COMPARISON_DUNDERS.get(type(node.comparisons[0].operator))
    else:
        return None
    if dunder is None or type(left) is not cst.Name:
        return None
    return cst.Call(func=cst.Attribute(value=left, attr=cst.Name(dunder)),
                    args=[cst.Arg(value=right)])
