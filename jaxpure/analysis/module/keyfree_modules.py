"""Linen modules of the module whose ``init`` reads no key.

``Module.init(key, x)`` hands ``key`` to the module's ``"params"`` stream. Flax reads that
stream only to give each ``self.param(name, init_fn, ...)`` its key (``init_fn(key,
...)``), when code calls ``self.make_rng``, and in the library's own layers (``nn.Dense``,
``nn.Dropout``, initializers). A module whose parameters come from init functions that
ignore their key (``lambda *_: w``, ``lambda key: jnp.full((), t)``: weights drawn from
the module's own ``rng`` field, loaded or constant) and which calls no ``make_rng`` and
builds no library layer makes the same variables whatever key ``init`` is given
(flaxmodels' stylegan2 layers, jaxrl_m's ``Temperature``): the key is not drawn from.

Only what is in sight counts: every method of the class and of its bases of this module,
its field defaults, the module-level functions it calls and the classes of this module it
builds as submodules (each such a module in turn). Anything else that could register a
parameter or draw from a stream makes the key read: a class or function from elsewhere
(other than JAX's, NumPy's, the standard library's and Flax's lower-case helpers), a
callable held in a field (``self.block(x)`` of a field the caller fills), a called local
name (``for layer in self.layers: x = layer(x)``), ``self`` handed to a helper. The
arguments the module is built with (``Linear(4, rng=key)``) are looked at the same way.
"""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from jaxpure.analysis.catalog.pytrees import LINEN_BASES
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.classes import derives_from
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.syntax import push_children

__all__ = ["keyfree_init_argument"]

_INITS = frozenset({"init", "init_with_output"})
# Flax's lifted transforms: they wrap a module class and split its streams
_LIFTS = frozenset({"vmap", "scan", "remat", "checkpoint", "jit", "map_variables", "while_loop",
                    "cond", "switch", "custom_vjp", "jvp", "vjp", "named_call", "remat_scan",
                    "fold_rngs", "add_metadata_axis", "share_scope", "lift"})
# what a linen module may call on itself without registering a keyed parameter
_LINEN_API = frozenset({"param", "variable", "sow", "perturb", "is_initializing", "has_variable",
                        "get_variable", "put_variable", "is_mutable_collection", "has_rng"})
# library functions that call the function they are given first
_APPLIERS = frozenset({"functools.partial", "builtins.map", "jax.tree.map", "jax.tree_util.tree_map",
                       "jax.tree_map"})
# libraries whose calls build no linen submodule (Flax's own are judged by name)
_LIBRARIES = ("builtins.", "typing.", "math.", "numpy.", "jax.", "dataclasses.", "functools.",
              "collections.", "enum.", "operator.", "itertools.")


def keyfree_init_argument(index: ModuleIndex, resolver: Resolver, call: cst.Call,
                          unit: Unit | None) -> cst.BaseExpression | None:
    """The key argument of ``call`` when it is ``M(...).init(key, ...)`` (or ``model.init``
    of a name bound once to ``M(...)``) and ``M`` is a linen module of this module whose
    ``init`` reads no key (see the module's docstring); None otherwise."""
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value not in _INITS:
        return None
    built: cst.BaseExpression | None = func.value
    scope = unit
    if type(built) is cst.Name:
        found = single_value(index, unit, built.value)
        built, scope = found if found is not None else (None, None)
    if type(built) is not cst.Call or type(built.func) is not cst.Name:
        return None
    first = call.args[0] if call.args else None
    key = first.value if first is not None and first.keyword is None and not first.star \
        else next((a.value for a in call.args
                   if a.keyword is not None and a.keyword.value == "rngs"), None)
    if key is None or not _keyfree_class(index, resolver, built.func.value):
        return None
    check = _Check(index, resolver)
    given = [a for a in call.args if a.value is not key]
    if any(a.keyword is not None and a.keyword.value == "method"
           and not _method_of_module(index, resolver, a.value) for a in given):
        return None  # `init(key, x, method=f)`: `f` gets the module, to do what it likes
    built_ok = all(check.expression(a.value, scope, None) for a in built.args)
    return key if built_ok and all(check.expression(a.value, unit, None) for a in given) \
        else None


def _keyfree_class(index: ModuleIndex, resolver: Resolver, name: str) -> bool:
    """Whether ``name`` is a linen module class of this module whose ``init`` reads no key
    (worked out once per class and module; a class met again while being worked out, a
    cycle, is taken to read it)."""
    memo = resolver.memo.setdefault("keyfree_classes", {})
    if name not in memo:
        memo[name] = False
        memo[name] = name in index.class_nodes \
            and derives_from(index, resolver, name, LINEN_BASES, set()) \
            and _Check(index, resolver).class_body(name)
    return memo[name]


class _Check:
    """Walks code a linen module runs, for anything that reads its ``params`` stream."""

    def __init__(self, index: ModuleIndex, resolver: Resolver) -> None:
        self.index = index
        self.resolver = resolver

    def class_body(self, name: str) -> bool:
        node = self.index.class_nodes[name]
        for base in node.bases:
            qual = self.resolver.qualname(base.value, None)
            if qual not in LINEN_BASES and not (
                    type(base.value) is cst.Name and base.value.value in self.index.class_nodes
                    and _keyfree_class(self.index, self.resolver, base.value.value)):
                return False
        methods = self.index.classes.get(name, {})
        for statement in node.body.body:
            if type(statement) is cst.FunctionDef:
                method = methods.get(statement.name.value)
                listed = [*statement.params.posonly_params, *statement.params.params]
                static = any(type(d.decorator) is cst.Name and d.decorator.value == "staticmethod"
                             for d in statement.decorators)
                first = listed[0].name.value if listed and not static else None
                unit = method if method is not None and method.node is statement else None
                if not self.expression(statement.body, unit, (name, first)):
                    return False
            elif not self.expression(statement, None, None):
                return False
        return True

    def expression(self, node: cst.CSTNode, unit: Unit | None,
                   owner: tuple[str, str | None] | None) -> bool:
        """Whether ``node`` (code of ``unit``; of a method of the class ``owner[0]`` whose
        instance is ``owner[1]``) reads no key from the module's streams."""
        called: set[int] = set()  # the functions of the calls met (a call comes first)
        instance = owner[1] if owner is not None else None
        for current in _walk(node):
            if type(current) is cst.Attribute and (
                    current.attr.value == "make_rng" or current.attr.value == "param"
                    and id(current) not in called and _head(current) == instance):
                return False  # `helper(self.param)`: its init function is not in sight
            if type(current) is cst.Call:
                called.add(id(current.func))
            if isinstance(current, (cst.Name, cst.Attribute)) and not self.reference(current):
                return False
            if type(current) is cst.Call and not self.call(current, unit, owner):
                return False
        return True

    def reference(self, node: cst.Name | cst.Attribute) -> bool:
        """A name read: a Flax layer, initializer or lifted transform reads the stream; so
        does a module class or a function of this module that is not itself key-free."""
        if type(node) is cst.Name and node.value in self.index.class_nodes:
            return not derives_from(self.index, self.resolver, node.value, LINEN_BASES, set()) \
                or _keyfree_class(self.index, self.resolver, node.value)
        if type(node) is cst.Name and node.value in self.index.defs:
            # a function of the module, called here or handed on (`reduce(step, xs)`)
            return self.module_function(self.index.defs[node.value])
        qual = self.resolver.qualname(node, None)
        return qual is None or not qual.startswith("flax.") or _flax_helper(qual)

    def call(self, call: cst.Call, unit: Unit | None,
             owner: tuple[str, str | None] | None) -> bool:
        instance = owner[1] if owner is not None else None
        if instance is not None and any(type(a.value) is cst.Name and a.value.value == instance
                                        for a in call.args):
            return False  # `helper(self, x)` may register parameters of its own
        func = call.func
        if type(func) is cst.Call:
            return True  # `Block(4)(x)`: the inner call is looked at on its own
        if type(func) is cst.Attribute and type(func.value) is cst.Name \
                and func.value.value == instance and owner is not None:
            return self.own_call(call, func.attr.value, unit, owner[0])
        if type(func) is cst.Name:
            name = func.value
            if name in self.index.class_nodes:
                return _keyfree_class(self.index, self.resolver, name)
            target = self.index.defs.get(name)
            if target is not None and (unit is None or self.resolver.function(func, unit) is target):
                return self.module_function(target)
        elif type(func) is not cst.Attribute:
            return False  # `self.layers[0](x)`: a module held in a container
        qual = self.resolver.qualname(func, unit)
        if qual in _APPLIERS and call.args \
                and not self.known_function(call.args[0].value, unit, owner):
            return False  # `partial(self.block, ...)`, `map(layer, xs)`: it calls its function
        if qual is None:
            # a method of a value (`x.reshape(...)`), not a called local name or field chain
            return type(func) is cst.Attribute and _head(func) != instance
        return not qual.startswith("flax.") and qual.startswith(_LIBRARIES) \
            and "initializers" not in qual.split(".") or _flax_helper(qual)

    def known_function(self, value: cst.BaseExpression, unit: Unit | None,
                       owner: tuple[str, str | None] | None) -> bool:
        """A lambda (its body is looked at where it is), a function or class of this module
        (looked at as a name read), a method of the class or a library function: not a
        module held in a field or a local name."""
        if type(value) is cst.Lambda:
            return True
        if type(value) is cst.Name and (value.value in self.index.class_nodes
                                        or self.resolver.function(value, unit) is not None):
            return True
        if type(value) is cst.Attribute and owner is not None and type(value.value) is cst.Name \
                and value.value.value == owner[1]:
            return any(value.attr.value in self.index.classes.get(name, {})
                       for name in self.class_chain(owner[0]))
        qual = self.resolver.qualname(value, unit)
        return qual is not None and qual.startswith(_LIBRARIES)

    def own_call(self, call: cst.Call, attr: str, unit: Unit | None, cls: str) -> bool:
        """``self.<attr>(...)`` in a method of ``cls``: a parameter made with an init
        function that ignores its key, another linen API or a method of the class, or a
        submodule ``setup`` stores (built from a call, looked at where it is built)."""
        if attr == "param":
            init = next((a.value for a in call.args if a.keyword is not None
                         and a.keyword.value == "init_fn"), None)
            positional = [a.value for a in call.args if a.keyword is None and not a.star]
            init = init or (positional[1] if len(positional) > 1 else None)
            return init is not None and self.ignores_key(init, unit)
        if attr in _LINEN_API:
            return True
        for name in self.class_chain(cls):
            if attr in self.index.classes.get(name, {}):
                return True
            stores = self.index.self_stores.get((name, attr))
            if stores:
                return all(type(value) is cst.Call for value in stores)
        return False

    def ignores_key(self, init: cst.BaseExpression, unit: Unit | None) -> bool:
        """An init function whose first parameter (or ``*args``) its body never reads."""
        body: cst.CSTNode
        if type(init) is cst.Lambda:
            params, body = init.params, init.body
        else:
            target = self.resolver.function(init, unit)
            if target is None or type(target.node) is not cst.FunctionDef \
                    or target.parent_is_class:
                return False
            params, body = target.node.params, target.node.body
        listed = [*params.posonly_params, *params.params]
        if listed:
            first = listed[0].name.value
        elif type(params.star_arg) is cst.Param:
            first = params.star_arg.name.value
        else:
            return False
        return not any(type(n) is cst.Name and n.value == first for n in _walk(body))

    def module_function(self, target: Unit) -> bool:
        memo = self.resolver.memo.setdefault("keyfree_functions", {})
        if target.name not in memo:
            memo[target.name] = False
            memo[target.name] = self.expression(target.node, target, None)
        return memo[target.name]

    def class_chain(self, cls: str) -> Iterator[str]:
        """``cls`` and its bases of this module (all key-free when ``cls`` is)."""
        seen: set[str] = set()
        todo = [cls]
        while todo:
            name = todo.pop()
            if name in seen or name not in self.index.class_nodes:
                continue
            seen.add(name)
            yield name
            todo.extend(b.value.value for b in self.index.class_nodes[name].bases
                        if type(b.value) is cst.Name)


def _method_of_module(index: ModuleIndex, resolver: Resolver, value: cst.BaseExpression) -> bool:
    """``method="encode"`` or ``method=M.encode``: a method of the module built, or of
    another key-free module class of this module."""
    return type(value) is cst.SimpleString or type(value) is cst.Attribute \
        and type(value.value) is cst.Name and _keyfree_class(index, resolver, value.value.value)


def _flax_helper(qual: str) -> bool:
    """A lower-case Flax function that builds no layer and reads no stream (``nn.relu``,
    ``nn.compact``); not an initializer nor a lifted transform."""
    parts = qual.split(".")
    return not parts[-1][:1].isupper() and parts[-1] not in _LIFTS \
        and "initializers" not in parts


def _head(node: cst.BaseExpression) -> str | None:
    """The name an attribute chain starts from: ``self`` for ``self.layers[0].fn``."""
    while True:
        if type(node) is cst.Attribute or type(node) is cst.Subscript:
            node = node.value
        elif type(node) is cst.Call:
            node = node.func
        else:
            return node.value if type(node) is cst.Name else None


def _walk(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node under ``node``, annotations left out (``x: nn.Module`` runs nothing)."""
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Annotation:
            continue
        yield current
        push_children(current, stack)
