"""Every read of an attribute in the module, for keys a method only keeps in one.

paxml's ``Partitioner.setup(jax_task, init_key, ...)`` stores the key,
``self._init_key = init_key``, and its one reader lowers a step ahead of time with it
(``jax.tree.map(jnp.shape, self._init_key)``, ``step_fn.lower(..., self._init_key, ...)``):
its shape and dtype, never its bits. Whether a stored key is drawn from is then whether any
read of the attribute draws (keyparams.leaves_key judges each read as it judges a read of
a parameter). The reads are found by one walk of the module per attribute asked about,
kept for the module: only a method storing a key parameter asks.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import children

__all__ = ["attribute_reads"]

Read = tuple[Unit | None, list[cst.CSTNode]]


def attribute_reads(resolver: Resolver, index: ModuleIndex, attr: str) -> list[Read] | None:
    """Each ``<x>.<attr>`` of the module, whatever ``x`` is (an instance's own reads and
    those through another name), as (the function it is in, or None at module or class
    level; the chain of nodes from the attribute up to the module); None without the tree."""
    memo = resolver.memo.setdefault("attribute_reads", {})
    if attr in memo:
        return memo[attr]
    tree = resolver.module_tree()
    found: list[Read] | None = None
    if tree is not None:
        found = []
        _visit(index, tree, None, [], attr, found)
    memo[attr] = found
    return found


def _visit(index: ModuleIndex, node: cst.CSTNode, unit: Unit | None, chain: list[cst.CSTNode],
           attr: str, found: list[Read]) -> None:
    if type(node) is cst.Attribute and node.attr.value == attr:
        found.append((unit, [node, *reversed(chain)]))
    if type(node) is cst.FunctionDef or type(node) is cst.Lambda:
        unit = index.unit_for(node) or unit
    chain.append(node)
    for child in children(node):
        _visit(index, child, unit, chain, attr, found)
    chain.pop()
