"""PRNG keys: which names hold keys, and which calls consume them.

JAX keys are values: a key passed to two samplers (or split, then used again) gives the
same or correlated randomness. The flow walker tracks, per name, whether the key it holds
has been consumed on the current path and emits events that the key-reuse rules report.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.names import dotted_name
from jaxpure.analysis.syntax import children, reads_any, statements, target_names
from jaxpure.analysis.catalog.random import (  # noqa: F401 - re-exported as K.*
    ALIGNING_DRAWS,
    DESCRIPTIVE_ATTRIBUTES,
    KEY_NAME,
    KEY_PRODUCERS,
    KEY_STREAM_NAMES,
    LOG_RECEIVERS,
    NON_CONSUMING,
    NON_CONSUMING_METHODS,
    NON_CONSUMING_NAMES,
    NON_CONSUMING_PREFIXES,
    PREDICATE_NAME,
    RANDOMNESS_OFF,
    RNG_KEYWORDS,
    UNAMBIGUOUS_KEY_NAME,
    consumes,
    is_assertion,
    is_log_call,
    key_like_name,
    predicate_name,
    unambiguous_key_name,
)

if TYPE_CHECKING:
    from jaxpure.analysis.index import ModuleIndex, Unit
    from jaxpure.analysis.traced import Resolver

def draw_free(call: cst.Call, qualname: str | None) -> bool:
    """Whether ``call`` takes keys without drawing from them, whatever it is given:
    ``key_data``, ``print``, ``isinstance``, ``jnp`` functions, ``jitted.lower(key)``, a
    project's own ``clone(key)``, and assertions (``self.assert_keys_equal(k1, k2)``)."""
    if not consumes(qualname):
        return True
    if type(call.func) is cst.Attribute and call.func.attr.value in NON_CONSUMING_METHODS:
        return True  # jax.jit(f).lower(key, x) traces with the key; it draws nothing
    callee = dotted_name(call.func)
    return callee is not None and (callee.rsplit(".", 1)[-1] in NON_CONSUMING_NAMES
                                   or is_assertion(callee) or is_log_call(callee))


def unused_key_argument(ancestors: list[cst.CSTNode | None]) -> bool:
    """Whether a key whose enclosing nodes (innermost first) are ``ancestors`` is passed,
    alone or in a dict, as ``rngs=``/``rng=`` to a call that also switches randomness off
    (``apply(params, x, rngs={"dropout": key}, train=False)``): it is never drawn from."""
    i = 0
    while i < len(ancestors) and isinstance(ancestors[i], (cst.DictElement, cst.Dict)):
        i += 1
    if i + 1 >= len(ancestors):
        return False
    arg, call = ancestors[i], ancestors[i + 1]
    if not type(arg) is cst.Arg or arg.keyword is None \
            or arg.keyword.value not in RNG_KEYWORDS or not type(call) is cst.Call:
        return False
    return any(a.keyword is not None and type(a.value) is cst.Name
               and RANDOMNESS_OFF.get(a.keyword.value) == a.value.value for a in call.args)


def helper_consumes(resolver: Resolver, index: ModuleIndex, unit: Unit, param: str,
                    _seen: frozenset[tuple[int, str]] = frozenset()) -> bool:
    """Whether a function of this module may draw from the key passed as ``param``.

    It does unless every read of the parameter visibly leaves the key's randomness alone:
    ``del key``, ``key.shape``/``key.dtype``, ``key is None``, ``return key`` (the caller
    gets the same key back, as with ``k2 = key``), or passing it to a call that draws
    nothing (``id``, ``hash``, ``isinstance``, ``print``) or to another such helper of the
    module. Anything else (a ``jax.random`` call, an unknown call, storing it, closing over
    it) may consume it. A method is trusted only if no other class of the module defines
    it and it reads the parameter (an unread one may be a stub that subclasses override).
    """
    p = unit.param(param)
    if p is None or p.star:
        return True
    if (id(unit), param) in _seen:
        return False  # recursion: the other reads decide
    seen = _seen | {(id(unit), param)}
    reads = _parameter_reads(unit, param)
    if reads is None:
        return True
    if unit.parent_is_class and (not reads or sum(
            unit.name in methods for methods in index.classes.values()) > 1):
        return True
    return not all(_leaves_key(resolver, index, unit, chain, seen) for chain in reads)


def _parameter_reads(unit: Unit, param: str) -> list[list[cst.CSTNode]] | None:
    """Each read of ``param`` in ``unit`` as its chain of nodes (the name, then its
    ancestors, innermost first), up to a statement that rebinds it for the rest of the
    body; None when a nested function or class mentions it."""
    reads: list[list[cst.CSTNode]] = []
    nested: list[bool] = []

    def visit(node: cst.CSTNode, chain: list[cst.CSTNode]) -> None:
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            if reads_any(node, {param}):
                nested.append(True)
            return
        if type(node) is cst.Name and node.value == param:
            reads.append([node, *reversed(chain)])
            return
        chain.append(node)
        for child in children(node):
            visit(child, chain)
        chain.pop()

    body = unit.node.body
    if isinstance(body, cst.BaseExpression):  # a lambda
        visit(body, [])
    else:
        for statement in statements(body):
            visit(statement, [])
            if type(statement) is cst.SimpleStatementLine and any(
                type(small) is cst.Assign and any(
                    param in target_names(t.target) for t in small.targets)
                for small in statement.body
            ):
                break  # `key = (id(key),)`: later reads see the new value
    return None if nested else reads


def _leaves_key(resolver: Resolver, index: ModuleIndex, unit: Unit,
                chain: list[cst.CSTNode], seen: frozenset[tuple[int, str]]) -> bool:
    """Whether one read of a key (see :func:`_parameter_reads`) leaves it undrawn."""
    node, i = chain[0], 1
    parent = chain[i] if i < len(chain) else None
    if type(parent) is cst.Attribute:
        if parent.attr is node:
            return True  # `self.key`: another name
        return parent.attr.value in DESCRIPTIVE_ATTRIBUTES
    if type(parent) is cst.Arg and parent.keyword is node:
        return True  # `f(key=...)`: a keyword, not the name
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return True  # `key is None`, `key.shape == ()`
    # `del key, x` / `return key, x`: climb through the tuple
    while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):
        node, i = parent, i + 1
        parent = chain[i] if i < len(chain) else None
    if isinstance(parent, (cst.AssignTarget, cst.AsName, cst.For, cst.CompFor)) \
            and getattr(parent, "target", getattr(parent, "name", None)) is node:
        return True  # a store, not a read
    if isinstance(parent, (cst.Del, cst.Return)):
        return True  # discarded, or handed back as it is
    if type(parent) is cst.Arg and parent.value is node and not parent.star \
            and i + 1 < len(chain) and isinstance(chain[i + 1], cst.Call):
        call = chain[i + 1]
        assert type(call) is cst.Call
        if draw_free(call, resolver.qualname(call.func, unit)):
            return True
        callee = resolver.function(call.func, unit)
        passed = callee.arguments_of(call) if callee is not None else None
        if callee is None or passed is None:
            return False
        names = [name for name, value in passed.items() if value is node]
        return bool(names) and not helper_consumes(resolver, index, callee, names[0], seen)
    return False


def argument_names(value: cst.BaseExpression) -> list[cst.Name]:
    """Names passed directly, or inside a literal tuple/list/dict, as one argument."""
    if type(value) is cst.Name:
        return [value]
    if isinstance(value, (cst.Tuple, cst.List)):
        found: list[cst.Name] = []
        for element in value.elements:
            found.extend(argument_names(element.value))
        return found
    if type(value) is cst.Dict:
        found = []
        for element in value.elements:
            if type(element) is cst.DictElement:
                found.extend(argument_names(element.value))
        return found
    return []


def key_path(value: cst.BaseExpression) -> str | None:
    """``key``, ``self.key`` or ``rngs['dropout']``: where a key is kept, as text."""
    if type(value) is cst.Name:
        return value.value
    if type(value) is cst.Attribute:
        base = key_path(value.value)
        return f"{base}.{value.attr.value}" if base is not None else None
    if type(value) is cst.Subscript and len(value.slice) == 1:
        index = value.slice[0].slice
        if type(index) is cst.Index and type(index.value) is cst.SimpleString:
            base = key_path(value.value)
            if base is not None and isinstance(index.value.evaluated_value, str):
                return f"{base}[{index.value.evaluated_value!r}]"
        if isinstance(index, cst.Index) and type(index.value) is cst.Integer \
                and type(value.value) is cst.Name:
            return f"{value.value.value}[{index.value.value}]"  # `keys[0]` of split keys
    return None


def array_of_keys(path: str) -> str | None:
    """``keys`` for the path ``keys[0]`` (an element of an array of keys), else None."""
    base, bracket, rest = path.partition("[")
    return base if bracket and rest[:-1].isdigit() and rest.endswith("]") else None


def argument_paths(value: cst.BaseExpression) -> list[str]:
    """Like :func:`argument_names`, with attribute and dict-entry paths and both values of a
    conditional expression too."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return [p for element in value.elements for p in argument_paths(element.value)]
    if type(value) is cst.Dict:
        return [p for element in value.elements if type(element) is cst.DictElement
                for p in argument_paths(element.value)]
    if type(value) is cst.IfExp:  # `key if is_prng_key(key) else key[0]`: either
        return argument_paths(value.body) + argument_paths(value.orelse)
    path = key_path(value)
    return [path] if path is not None else []


@dataclass(frozen=True, slots=True)
class KeyState:
    consumed_by: cst.CSTNode | None = None
    # bound from a parameter (for lax loop bodies: a key carried through the loop)
    from_param: bool = False
    # `k2 = k1`: the name whose key this is (a loop that rebinds only k2 still reuses k1)
    alias_of: str | None = None
    # `rngs = {"params": key, "dropout": key}`: names and paths holding one key share a
    # token, and consuming the key through one of them consumes it for all
    shared: int | None = None
    # the other name of the same key through which it was consumed (`rngs['params']`)
    consumed_as: str | None = None
    # the loop (its node's id) inside which `k2 = k1` was written; a copy made before the
    # loop and then split in it (`k = key; for ...: k, sub = split(k)`) is fresh each time
    alias_loop: int | None = None


@dataclass(frozen=True)
class KeyReuse:
    """A key consumed again on a path where it was already consumed."""

    name: str
    node: cst.Call
    first: cst.CSTNode
    # the first use was through another name holding the same key (`rngs['params']`)
    first_as: str | None = None


@dataclass(frozen=True)
class KeyReuseInLoop:
    """A key consumed on every iteration of a loop without being split or rebound."""

    name: str
    node: cst.CSTNode
    loop: str  # "for", "while", or the lax primitive
    closed_over: bool = False
    carried: bool = False
    # one key for every leaf of a jax.tree.map ("leaf"), or every element of a jax.vmap
    # that broadcasts it with in_axes=None ("batch") or gets it bound by partial ("bound")
    per: str | None = None
    # the jax.random call that consumes the broadcast key inside the vmapped function
    consumed_by: cst.CSTNode | None = None
