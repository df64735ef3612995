"""Classes of the module whose instances are Python values even when built from tracers.

``warnings.warn(SlowFallbackWarning(space, constraint))`` in a jitted function, where the
class's ``__init__`` reads only ``type(constraint).__name__`` (netket's warning classes):
whatever the arguments are, the instance holds what is known at trace time. A constructor
counts when every read of its parameters is a static fact of them (``type(x)``, ``len(x)``,
``isinstance(x, T)``, ``x.shape``/``x.dtype``/..., ``x is None``) and nothing it runs calls
JAX (whose results are tracers under jit even from constants): not the ``__init__``, the
helpers and methods of the module it calls, nor the ``__init__`` of a base class of the
module it hands those facts to. A base class from elsewhere gets only those facts.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.arrays import ARRAY_NAMESPACES, STATIC_ATTRS, STATIC_CALLS
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import children, push_children

__all__ = ["static_instance_classes"]

# calls whose result is a static fact of their first argument
_FACT_CALLS = frozenset({"builtins.type", "builtins.len", "builtins.isinstance",
                         "builtins.issubclass", "builtins.hasattr", "builtins.callable"})
# what computes arrays: a call into these is staged out under jit, a tracer
_JAX = ("jax.", "flax.", "equinox.", "haiku.") + ARRAY_NAMESPACES
# helpers, methods and base classes followed from a constructor
_MAX_DEPTH = 3


def static_instance_classes(index: ModuleIndex, resolver: Resolver) -> frozenset[str]:
    """The module-level classes whose instances are Python values whatever they are built
    from (see the module's docstring)."""
    found = resolver.memo.get("static_instances")
    if found is None:
        found = resolver.memo["static_instances"] = frozenset(
            name for name in index.class_nodes if _builds_static(index, resolver, name, 0))
    return found


def _builds_static(index: ModuleIndex, resolver: Resolver, name: str, depth: int) -> bool:
    node = index.class_nodes.get(name)
    methods = index.classes.get(name, {})
    if node is None or node.decorators or "__new__" in methods or depth > _MAX_DEPTH \
            or len(index.bindings.get(name, ())) > 1:
        return False  # a decorator or `__new__` may build something else; a rebound name
    init = methods.get("__init__")
    if init is None:
        # `class FallbackWarning(BaseWarning): pass`: the constructor of its one base
        bases = _local_bases(index, node)
        return len(node.bases) == 1 and len(bases) == 1 \
            and _builds_static(index, resolver, bases[0], depth + 1)
    if not type(init.node) is cst.FunctionDef or not init.params or init.params[0].index != 0:
        return False
    facts_only = frozenset(p.name for p in init.params[1:])
    return _reads_only_facts(resolver, init, init.node.body, facts_only) \
        and _calls_no_jax(resolver, init, depth) \
        and all(_bases_call_no_jax(index, resolver, base, depth + 1)
                for base in _local_bases(index, node))


def _local_bases(index: ModuleIndex, node: cst.ClassDef) -> list[str]:
    names = [dotted_name(arg.value) for arg in node.bases]
    return [n for n in names if n is not None and n in index.class_nodes]


def _bases_call_no_jax(index: ModuleIndex, resolver: Resolver, name: str, depth: int) -> bool:
    """A base class of the module given static facts: its constructor, and its bases',
    call no JAX (what they do with the facts is their business: Python values in, Python
    values out)."""
    node = index.class_nodes[name]
    methods = index.classes.get(name, {})
    if depth > _MAX_DEPTH or "__new__" in methods:
        return False
    init = methods.get("__init__")
    return (init is None or _calls_no_jax(resolver, init, depth)) and all(
        _bases_call_no_jax(index, resolver, base, depth + 1) for base in _local_bases(index, node))


def _reads_only_facts(resolver: Resolver, unit: Unit, node: cst.CSTNode,
                      params: frozenset[str]) -> bool:
    """Every read of a name of ``params`` under ``node`` is a static fact of it."""
    if type(node) is cst.Name:
        return node.value not in params
    if type(node) is cst.Attribute and type(node.value) is cst.Name \
            and node.value.value in params:
        return node.attr.value in STATIC_ATTRS  # `x.shape`, `x.dtype`
    if type(node) is cst.Call and node.args and type(node.args[0].value) is cst.Name \
            and node.args[0].value.value in params and not node.args[0].star \
            and resolver.qualname(node.func, unit) in _FACT_CALLS:
        # `type(x)`, `len(x)`, `isinstance(x, T)`: the rest of the call is read as usual
        return all(_reads_only_facts(resolver, unit, arg.value, params) for arg in node.args[1:])
    if type(node) is cst.Comparison and type(node.left) is cst.Name \
            and node.left.value in params and all(
                isinstance(c.operator, (cst.Is, cst.IsNot)) for c in node.comparisons):
        # `x is None`
        return all(_reads_only_facts(resolver, unit, c.comparator, params)
                   for c in node.comparisons)
    return all(_reads_only_facts(resolver, unit, child, params) for child in children(node))


def _calls_no_jax(resolver: Resolver, unit: Unit, depth: int) -> bool:
    """No call in ``unit`` reaches JAX, nor does any helper or method of the module it calls
    (followed ``_MAX_DEPTH`` deep; deeper is taken as calling JAX)."""
    if not type(unit.node) is cst.FunctionDef:
        return False
    stack: list[cst.CSTNode] = [unit.node.body]
    while stack:
        current = stack.pop()
        push_children(current, stack)
        if type(current) is not cst.Call:
            continue
        qual = resolver.qualname(current.func, unit) or ""
        if qual.startswith(_JAX) and qual not in STATIC_CALLS:
            return False
        callee = resolver.function(current.func, unit)
        if callee is not None and callee is not unit and (
                depth >= _MAX_DEPTH or not _calls_no_jax(resolver, callee, depth + 1)):
            return False
    return True


def builds_static_instance(index: ModuleIndex, resolver: Resolver, func: cst.BaseExpression,
                           unit: Unit | None, imported: frozenset[str]) -> bool:
    """``SlowFallbackWarning(space, x)``: a call of a class of the module whose instances
    are Python values, or of a class another module of the project says so of
    (``imported``: the names this module calls those classes by)."""
    text = dotted_name(func)
    if text is None:
        return False
    head = text.split(".", 1)[0]
    u = unit
    while u is not None:
        if u.binds(head) and head not in u.declared_global:
            return False  # a local of that name
        u = u.parent
    if text in index.class_nodes:
        return text in static_instance_classes(index, resolver)
    return text in imported and index.imports.lookup(head) is not None
