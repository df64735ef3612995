"""Which attribute paths of a name a function reads: an item write into `self.info` changes
only `self.info`, so a jitted closure that reads `self.scale` alone keeps nothing stale
(scico's subproblem solver records its results in `self.info` after minimising a jitted
objective); a write to `cfg.logging.run_name` changes only what reads that path, a prefix
of it (`cfg.logging`, `cfg`) or a path below it, not `cfg.model.width` (jax-sph's training
script names its run after defining the model closure)."""

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
        elif type(func) is cst.Attribute:
            path = _path_below(func.value, self.name)
            if path is not None:  # `cfg.model.apply(x)`: it may read all of `cfg.model`
                self.attributes.add(path)

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        path = _path_below(node, self.name)
        if path is not None:
            self.attributes.add(path)
            return False
        return True

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name:
            self.whole = True


def read_attributes(function: cst.CSTNode, name: str) -> set[str] | None:
    """The attribute paths ``function`` reads of ``name`` (``{"scale"}`` for
    ``self.scale``, ``{"model.width"}`` for ``cfg.model.width``), or None when it uses
    ``name`` itself (passes ``self`` on, reads ``getattr(self, a)``) or calls a method of
    it (which may read any attribute)."""
    reads = _Reads(name)
    function.visit(reads)
    return None if reads.whole else reads.attributes


def stored_attribute_path(target: cst.BaseExpression) -> str | None:
    """``info`` for ``self.info[k] = v`` (``self.info[a][b] = v`` too), ``logging.run_name``
    for ``cfg.logging.run_name = v``: the path below the name whose object the store
    changes; what holds the object's other attributes stays as it was. None for a store
    into the name's own attribute (``cfg.lr = v``) or items (``cfg[k] = v``)."""
    node = target
    while type(node) is cst.Subscript:
        node = node.value
    if type(node) is not cst.Attribute or node is target and type(node.value) is cst.Name:
        return None
    root = node.value
    while type(root) is cst.Attribute:
        root = root.value
    return _path_below(node, root.value) if type(root) is cst.Name else None


def overlapping(written: str, read: str) -> bool:
    """A write to the path ``written`` changes what reads ``read``: the same path, a prefix
    of it (``logging`` holds ``logging.run_name``) or a path below it."""
    return written == read or written.startswith(read + ".") or read.startswith(written + ".")


def _path_below(node: cst.BaseExpression, name: str) -> str | None:
    """``model.width`` for ``cfg.model.width`` when ``name`` is ``cfg``; None otherwise."""
    attributes: list[str] = []
    while type(node) is cst.Attribute:
        attributes.append(node.attr.value)
        node = node.value
    if type(node) is not cst.Name or node.value != name or not attributes:
        return None
    return ".".join(reversed(attributes))
