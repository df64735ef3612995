"""Names a function uses to index a Python list or tuple it builds itself: ``shape[ax] =
full_shape[ax]`` after ``shape = [1] * len(full_shape)``, with ``ax`` a parameter or each
element of one (``for ax in axis``). A list takes only a Python int as an index (a tracer's
``__index__`` raises TracerIntegerConversionError), so whoever calls the function passes such
a parameter static, as they pass a shape (kauldron's position embeddings build the
embedding's shape from an ``axis`` argument this way)."""

from __future__ import annotations

import libcst as cst



def list_index_names(nodes: list[cst.CSTNode]) -> set[str]:
    """The names ``i`` of every ``s[i]`` among a function's ``nodes`` where ``s`` is only
    ever bound to a list or tuple the function builds, and the names each such ``i`` is
    drawn from by a ``for i in name`` loop."""
    built = _built_sequences(nodes)
    if not built:
        return set()
    indexes = {name for node in nodes if type(node) is cst.Subscript
               for name in [_index_name(node, built)] if name is not None}
    if not indexes:
        return indexes
    return indexes | {loop.iter.value for loop in nodes
                      if type(loop) is cst.For and type(loop.target) is cst.Name
                      and loop.target.value in indexes and type(loop.iter) is cst.Name}


def _built_sequences(nodes: list[cst.CSTNode]) -> set[str]:
    """Local names every plain assignment of which builds a list or a tuple."""
    built: set[str] = set()
    other: set[str] = set()
    for node in nodes:
        if type(node) is cst.Assign:
            for target in node.targets:
                if type(target.target) is cst.Name:
                    name = target.target.value
                    (built if _builds_sequence(node.value, name) else other).add(name)
        elif type(node) in (cst.AugAssign, cst.AnnAssign, cst.For) \
                and type(getattr(node, "target", None)) is cst.Name:
            other.add(node.target.value)  # type: ignore[attr-defined]
    return built - other


def _builds_sequence(value: cst.BaseExpression, name: str) -> bool:
    """``[1] * n``, ``[...]``, ``(a, b)``, ``[f(x) for x in xs]``, ``list(...)``,
    ``tuple(...)``, or a slice of the name's own value (``shape = shape[1:]``)."""
    if type(value) is cst.Subscript and type(value.value) is cst.Name \
            and value.value.value == name:
        return all(type(element.slice) is cst.Slice for element in value.slice)
    if type(value) is cst.BinaryOperation and type(value.operator) is cst.Multiply:
        return type(value.left) is cst.List or type(value.right) is cst.List
    if type(value) in (cst.List, cst.Tuple, cst.ListComp):
        return True
    return type(value) is cst.Call and type(value.func) is cst.Name \
        and value.func.value in ("list", "tuple")


def _index_name(node: cst.Subscript, built: set[str]) -> str | None:
    if type(node.value) is not cst.Name or node.value.value not in built \
            or len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
        return None
    index = node.slice[0].slice.value
    return index.value if type(index) is cst.Name else None
