"""Stateful key sources of the project: classes that keep a key and hand out a new one at
each call of a method, as ``hk.PRNGSequence`` and ``nnx.Rngs`` do.

jax-guided-diffusion's ``PRNG`` (jaxtorch/core.py)::

    def split(self):
        (self.key, subkey) = jax.random.split(self.key)
        return subkey

A value the code draws through such a method (``jax.random.normal(rng.split(), shape)``)
is an instance, not a raw key: a raw key has no such method. Handing it to a function in a
loop hands on no key to reuse; each draw through it splits the key it holds anew. A method
that returns its stored key without replacing it (``return self.key``) hands out the same
key each time, and is no source: drawing through it stays a use of one key.

* :func:`key_source_methods`: the names of such methods, of the module's classes and of
  the other modules' classes it calls them on (key_source_index.py), memoised per module;
* :func:`source_calls`: the methods the module calls on key-named values, for its summary;
* :func:`drawn_through_source`: whether a function draws through such a method on a name.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.random import key_like_name
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import returned_values, statements


def key_source_methods(resolver: Resolver, index: ModuleIndex) -> frozenset[str]:
    """The methods, by name, that hand out a new key at each call: those of the module's
    classes and those of other modules' classes the pipeline says it calls."""
    found = resolver.memo.get("key_source_methods")
    if found is None:
        found = resolver.memo["key_source_methods"] = local_key_sources(resolver, index) \
            | resolver.memo.get("imported_key_sources", frozenset())
    return found


def local_key_sources(resolver: Resolver, index: ModuleIndex) -> frozenset[str]:
    """The methods of the module's classes that replace a key field from its split and
    return a subkey (memoised: the walk and the module's summary ask)."""
    if not index.unpacking_classes:
        return frozenset()  # most modules: no method stores a field from a tuple
    found = resolver.memo.get("local_key_sources")
    if found is None:
        found = resolver.memo["local_key_sources"] = _local_key_sources(resolver, index)
    return found


def _local_key_sources(resolver: Resolver, index: ModuleIndex) -> frozenset[str]:
    """Only the classes storing a field from a tuple (``self.key, sub = ...``) are read. A
    name another class of the module defines otherwise (``def split(self): return
    self.key``) is left out: which class a value is of is not known where its method is
    called. One handing on the call (jaxns's ``return self.stack[-1].next_rng_key()``)
    hands out what the source does."""
    names = {name for owner in index.unpacking_classes
             for name, method in index.classes.get(owner, {}).items()
             if _hands_out_subkey(resolver, method)}
    return frozenset(name for name in names if all(
        name not in methods or _hands_out_subkey(resolver, methods[name])
        or _hands_on(methods[name], name) for methods in index.classes.values()))


def _hands_on(method: Unit, name: str) -> bool:
    """Every return of ``method`` is ``<value>.<name>()``: the call handed on."""
    returned = returned_values(method.node) if type(method.node) is cst.FunctionDef else []
    return bool(returned) and all(
        type(value) is cst.Call and not value.args and type(value.func) is cst.Attribute
        and value.func.attr.value == name for value in returned)


def _hands_out_subkey(resolver: Resolver, method: Unit) -> bool:
    """``self.key, subkey = jax.random.split(self.key)`` in the method's body, and every
    return hands back one of the subkeys."""
    first = next((p for p in method.params if p.index == 0), None)
    if method.is_staticmethod or first is None or type(method.node) is not cst.FunctionDef:
        return False
    subkeys: set[str] = set()
    for line in statements(method.node.body):
        for small in line.body if type(line) is cst.SimpleStatementLine else ():
            if type(small) is cst.Assign and len(small.targets) == 1:
                subkeys |= _split_into(resolver, method, first.name, small)
    returned = returned_values(method.node)
    return bool(subkeys) and bool(returned) and all(
        type(value) is cst.Name and value.value in subkeys for value in returned)


def _split_into(resolver: Resolver, method: Unit, self_name: str, assign: cst.Assign) -> set[str]:
    """The names ``self.key, subkey = jax.random.split(self.key)`` binds beside the field
    it rebinds from its own split (none for another statement)."""
    target, value = assign.targets[0].target, assign.value
    if type(value) is not cst.Call or not value.args or value.args[0].keyword is not None \
            or not isinstance(target, (cst.Tuple, cst.List)):
        return set()
    held = value.args[0].value
    if type(held) is not cst.Attribute or type(held.value) is not cst.Name \
            or held.value.value != self_name \
            or resolver.qualname(value.func, method) != "jax.random.split":
        return set()
    names: set[str] = set()
    rebound = False
    for element in target.elements:
        bound = element.value
        if type(bound) is cst.Name:
            names.add(bound.value)
        elif type(bound) is cst.Attribute and type(bound.value) is cst.Name \
                and bound.value.value == self_name and bound.attr.value == held.attr.value:
            rebound = True
    return names if rebound else set()


def source_calls(index: ModuleIndex) -> tuple[str, ...]:
    """The methods the module's functions call with no argument on a key-named value
    (``rng.split()``): those another module's class may hand out keys through."""
    found: set[str] = set()
    receivers: dict[str, bool] = {}  # name -> key-named (asked once per name)
    for unit in index.units:
        for call in unit.calls:
            func = call.func
            if call.args or type(func) is not cst.Attribute or type(func.value) is not cst.Name:
                continue
            receiver = func.value.value
            if receiver not in receivers:
                receivers[receiver] = key_like_name(receiver)
            if receivers[receiver]:
                found.add(func.attr.value)
    return tuple(sorted(found)) if found else ()


def drawn_through_source(resolver: Resolver, index: ModuleIndex, unit: Unit, name: str) -> bool:
    """``name.split()`` in ``unit``, for a method that hands out a new key at each call:
    ``name`` holds a key source there, not a key."""
    methods = key_source_methods(resolver, index)
    return bool(methods) and any(
        type(call.func) is cst.Attribute and type(call.func.value) is cst.Name
        and call.func.value.value == name and call.func.attr.value in methods
        for call in unit.calls)
