"""The module-level names a module binds to what ``jax.random`` drew: the only globals
another module's import may read a module-level draw through (flow/key_uses.py asks whether
an unread draw at module level is read by an importer; the summaries carry these names, so
that only imports of them seed the defining module: module/gate_index.py)."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import children, target_names

__all__ = ["drawn_globals"]


def drawn_globals(module: cst.Module, resolver: Resolver) -> tuple[str, ...]:
    """The names module-level assignments (in ``if``/``with``/``try`` blocks too, not in
    functions or classes) bind to a value holding a ``jax.random`` call."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = list(module.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            continue
        if isinstance(node, (cst.Assign, cst.AnnAssign)):
            if node.value is not None and _draws(node.value, resolver):
                targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) \
                    else [node.target]
                found.update(name for target in targets for name in target_names(target))
            continue
        if not isinstance(node, cst.BaseExpression):
            stack.extend(children(node))
    return tuple(sorted(found))


def _draws(value: cst.BaseExpression, resolver: Resolver) -> bool:
    stack: list[cst.CSTNode] = [value]
    while stack:
        node = stack.pop()
        if type(node) is cst.Call \
                and (resolver.qualname(node.func, None) or "").startswith("jax.random."):
            return True
        stack.extend(children(node))
    return False
