"""Which attributes of a name a function reads: an item write into `self.info` changes only
`self.info`, so a jitted closure that reads `self.scale` alone keeps nothing stale (scico's
subproblem solver records its results in `self.info` after minimising a jitted objective)."""

from __future__ import annotations

import libcst as cst


class _Reads(cst.CSTVisitor):
    def __init__(self, name: str) -> None:
        self.name = name
        self.attributes: set[str] = set()
        self.whole = False  # the name used other than as `name.attr`: any attribute read

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is cst.Attribute and type(func.value) is cst.Name \
                and func.value.value == self.name:
            self.whole = True  # `self.helper(x)`: a method may read any attribute

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if type(node.value) is cst.Name and node.value.value == self.name:
            self.attributes.add(node.attr.value)
            return False
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.whole = True


def read_attributes(function: cst.CSTNode, name: str) -> set[str] | None:
    """The attributes ``function`` reads of ``name`` (``{"scale"}`` for ``self.scale``), or
    None when it uses ``name`` itself (passes ``self`` on, reads ``getattr(self, a)``)
    or calls a method of it (which may read any attribute)."""
    reads = _Reads(name)
    function.visit(reads)
    return None if reads.whole else reads.attributes


def item_store_attribute(target: cst.BaseExpression) -> str | None:
    """``info`` for ``self.info[k] = v`` (``self.info[a][b] = v`` too): the store changes the
    object that attribute holds, not the object's other attributes."""
    node = target
    while type(node) is cst.Subscript:
        node = node.value
    if node is target or type(node) is not cst.Attribute or type(node.value) is not cst.Name:
        return None
    return node.attr.value
