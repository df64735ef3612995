"""The reads of an attribute in the methods of a class, for keys a method only keeps in one.

paxml's ``Partitioner.setup(jax_task, init_key, ...)`` stores the key,
``self._init_key = init_key``, and its one reader lowers a step ahead of time with it
(``jax.tree.map(jnp.shape, self._init_key)``, ``step_fn.lower(..., self._init_key, ...)``):
its shape and dtype, never its bits. Whether a stored key is drawn from is then whether any
read of the attribute draws (keyparams.leaves_key judges each read as it judges a read of
a parameter). Only private attributes are asked about, and by that convention only the
methods of the class, of its bases in the module and of the classes derived from it in
the module read them: those methods are walked, once per class and attribute asked about
(only a method storing a key parameter asks), not the whole module.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.hierarchy import subclasses
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import children

__all__ = ["attribute_reads"]

Read = tuple[Unit, list[cst.CSTNode]]


def attribute_reads(resolver: Resolver, index: ModuleIndex, owner: str, attr: str) -> list[Read]:
    """Each ``<x>.<attr>`` in the methods of ``owner``'s classes (itself, its bases and
    the classes derived from it in the module), whatever ``x`` is, as (the function it is
    in; the chain of nodes from the attribute up to the method)."""
    memo = resolver.memo.setdefault("attribute_reads", {})
    key = f"{owner}.{attr}"
    found = memo.get(key)
    if found is None:
        classes = _related(index, owner)
        found = memo[key] = []
        for unit in index.units:
            if unit.parent is None and unit.parent_is_class and unit.class_name in classes:
                _visit(index, unit.node, unit, [], attr, found)
    return found


def _related(index: ModuleIndex, owner: str) -> set[str]:
    """``owner``, the classes of the module it derives from and those derived from it."""
    found = {owner, *subclasses(index, owner)}
    frontier = [owner]
    while frontier:
        node = index.class_nodes.get(frontier.pop())
        for base in node.bases if node is not None else ():
            if type(base.value) is cst.Name and base.value.value not in found:
                found.add(base.value.value)
                frontier.append(base.value.value)
    return found


def _visit(index: ModuleIndex, node: cst.CSTNode, unit: Unit, chain: list[cst.CSTNode],
           attr: str, found: list[Read]) -> None:
    if type(node) is cst.Attribute and node.attr.value == attr:
        found.append((unit, [node, *reversed(chain)]))
    if type(node) is cst.FunctionDef or type(node) is cst.Lambda:
        unit = index.unit_for(node) or unit
    chain.append(node)
    for child in children(node):
        _visit(index, child, unit, chain, attr, found)
    chain.pop()
