"""Where a store goes: does a write (``G = v``, ``obj.a = v``, ``CACHE[k] = v``,
``lst.append(v)``) reach an object that outlives the current trace, and whose is it?
(JXP102, JXP103, JXP502, JXP601)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.contracts import builds_per_call_instance
from jaxpure.analysis.module.index import Param, Unit
from jaxpure.analysis.catalog.side_effects import (
    CONTAINER_METHODS,
    NONE_RETURNING,
    NUMPY_METHODS,
    STORING_METHODS,
)
from jaxpure.analysis.catalog.arrays import is_mutable_value
from jaxpure.analysis.syntax import class_like, enclosing_nodes

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

from jaxpure.analysis.queries.callers import write_unobserved
from jaxpure.analysis.queries.values import names_mutable_container, names_numpy_array


@dataclass(frozen=True)
class Outer:
    """The owner of an object a store writes to, when it is not the current call's own.

    ``kind`` is ``self`` (the first parameter of a method, possibly seen from a nested
    function), ``global`` / ``nonlocal`` (a declared name), ``module`` (a module-level
    object), ``closure`` (an object bound in an enclosing function), or ``default`` (the
    mutable default value of a parameter, ``cache=[]``).
    ``inner_trace`` marks a closure whose owner is itself traced: the object lives only as
    long as the enclosing trace, so writing plain values to it is fine, but a value traced
    by the inner transform (a ``grad``/``scan`` body) still escapes that inner trace.
    """

    kind: str
    name: str
    inner_trace: bool = False


def root_name(node: cst.BaseExpression) -> cst.Name | None:
    """``a`` for ``a.b[c].d``; None when the chain does not start from a name."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node if type(node) is cst.Name else None


def self_unit(ctx: Context, name: str) -> Unit | None:
    """The method whose first parameter ``name`` is, as seen from the current unit."""
    unit = ctx.unit
    while unit is not None:
        if unit.binds(name):
            if unit.parent_is_class and not unit.is_staticmethod:
                first = next((p for p in unit.params if p.index == 0), None)
                if first is not None and first.name == name:
                    if name in unit.assigned:
                        return None  # `self = ...` rebinds it
                    return unit
            return None
        unit = unit.parent
    return None


def traced_copy_self(ctx: Context, name: str) -> bool:
    """Whether ``name`` is the ``self`` of a method traced on an instance a traced caller
    passed in: the trace's own copy, whose rebound fields neither outlive the trace nor hide
    from the caller that returns it (what its fields share with other copies still does)."""
    owner = self_unit(ctx, name)
    if owner is None:
        return False
    info = ctx.traced_analysis.info.get(id(owner))
    return info is not None and info.traced_self


def receiver_rebound(ctx: Context, method: Unit, name: str) -> bool:
    """Whether ``name`` is the ``self`` of a method whose transform takes it as an argument
    (``@jax.jit def step(self, x)`` on a pytree: not static, not bound by ``jax.jit(self.
    step)``), and no caller observes a write into it (queries/callers.py: each rebinds its
    receiver from the result, ``model, logs = model.step(x)``): the writes are on the
    trace's copy, which only the returned value carries out."""
    info = ctx.traced_analysis.info.get(id(method))
    if info is None or not info.direct or not info.traced or info.stateful \
            or name in info.static_params or id(method) in ctx.facts.self_attributes.baked:
        return False
    return write_unobserved(ctx, method, name)


def _owner_traced(ctx: Context, owner: Unit | None) -> bool:
    if owner is None:
        return False
    info = ctx.traced_analysis.info.get(id(owner))
    return info is not None and info.traced


def _writer_direct(ctx: Context) -> bool:
    """The current function is traced by a transform of its own (not only via a caller)."""
    info = ctx.info
    return info is not None and info.direct


def outer_object(ctx: Context, name: str) -> Outer | None:
    """Whose object the name ``name`` (read in the current unit) refers to, if not local."""
    if ctx.unit is None:
        return None
    owner = self_unit(ctx, name)
    if owner is not None:
        if builds_per_call_instance(ctx.index, ctx.resolver, owner) \
                or _traced_only_on_per_call_instance(ctx, owner, set()):
            return None  # a linen clone `apply` binds, a haiku module: dies with the call
        if traced_copy_self(ctx, name) or receiver_rebound(ctx, owner, name):
            return None
        return Outer("self", name)
    if mutable_default(ctx, name):
        return Outer("default", name)
    scope = ctx.scope_of(name)
    if scope == "module":
        return Outer("module", name)
    if scope == "closure":
        owner = ctx.defining_unit(name)
        if _owner_traced(ctx, owner):
            if not _writer_direct(ctx):
                return None  # created by the same trace (a helper of the traced function)
            return Outer("closure", name, inner_trace=True)
        return Outer("closure", name)
    return None


def _traced_only_on_per_call_instance(ctx: Context, method: Unit, seen: set[int]) -> bool:
    """``method``, of a plain class, is traced only because methods of per-call instances
    run it on their own ``self`` (``Field.__init__(self, dt, tau)`` or ``super().__init__``
    in a haiku module's ``__init__``, which haiku runs only inside ``hk.transform``): under
    that trace its ``self`` is the same per-call instance, so what it stores dies with the
    call. A traced caller that runs it on another object (``Field(dt, tau)``, ``Field.
    __init__(FIELD, ...)``), or a transform of its own, leaves it as it was."""
    analysis = ctx.traced_analysis
    info = analysis.info.get(id(method))
    if info is None or info.direct or info.external_origin is not None or id(method) in seen:
        return False
    seen.add(id(method))
    callers = [(caller, call) for caller, callee, call in analysis.edges if callee is method
               and (found := analysis.info.get(id(caller))) is not None and found.traced]
    return bool(callers) and all(
        _runs_on_own_self(caller, call, method)
        and (builds_per_call_instance(ctx.index, ctx.resolver, caller)
             or _traced_only_on_per_call_instance(ctx, caller, seen))
        for caller, call in callers)


def _runs_on_own_self(caller: Unit, call: cst.Call, method: Unit) -> bool:
    """``call``, in the method ``caller``, runs ``method`` on ``caller``'s own ``self``:
    ``self.name(...)``, ``super().name(...)`` or ``Base.name(self, ...)``."""
    first = next((p for p in caller.params if p.index == 0), None)
    func = call.func
    if not caller.parent_is_class or caller.is_staticmethod or first is None \
            or first.name in caller.assigned or type(func) is not cst.Attribute \
            or func.attr.value != method.name:
        return False
    owner = func.value
    if type(owner) is cst.Name and owner.value == first.name:
        return True
    if type(owner) is cst.Call and type(owner.func) is cst.Name and owner.func.value == "super":
        return True
    arg = call.args[0] if call.args else None
    return type(owner) is cst.Name and owner.value == method.class_name and arg is not None \
        and arg.keyword is None and not arg.star and type(arg.value) is cst.Name \
        and arg.value.value == first.name


def mutable_default(ctx: Context, name: str) -> bool:
    """A parameter of the current function whose default is a list/dict/set display
    (``cache=[]``): the one default object lives as long as the function and is shared by
    every call that does not pass the argument."""
    unit = ctx.unit
    if unit is None or name in unit.assigned:
        return False
    param = unit.param(name)
    return param is not None and mutable_default_param(param)


def mutable_default_param(param: Param) -> bool:
    # a display or comprehension, whatever the names in it resolve to
    return param.default is not None and is_mutable_value(param.default, lambda e: None) is not None


def outer_name(ctx: Context, name: str) -> Outer | None:
    """A plain-name store target: a ``global``/``nonlocal`` declared name, else None."""
    unit = ctx.unit
    if unit is None:
        return None
    if name in unit.declared_global:
        return Outer("global", name)
    if name in unit.declared_nonlocal:
        owner = ctx.defining_unit(name)
        if _owner_traced(ctx, owner):
            if not _writer_direct(ctx):
                return None
            return Outer("nonlocal", name, inner_trace=True)
        return Outer("nonlocal", name)
    return None


def outer_target(ctx: Context, target: cst.BaseExpression) -> Outer | None:
    """For a store target (``G``, ``obj.a``, ``CACHE[k]``), the outer state it writes.

    ``NAME[k] = v`` on a module-level or closed-over name counts only when the name is
    bound to a Python container or a NumPy array: item assignment is also how refs
    (``jax.new_ref``, Pallas kernel refs passed in as arguments) are written.
    """
    if type(target) is cst.Name:
        return outer_name(ctx, target.value)
    if not isinstance(target, (cst.Attribute, cst.Subscript)):
        return None
    root = root_name(target)
    if root is None:
        return None
    outer = outer_object(ctx, root.value)
    if outer is not None and outer.kind in ("module", "closure") \
            and type(target) is cst.Subscript and target.value is root \
            and not (names_mutable_container(ctx, root.value) or names_numpy_array(ctx, root.value)):
        return None
    return outer


def self_fixed(ctx: Context) -> str | None:
    """How the current method's ``self`` is fixed by its caching transform, if it is:
    "static" (``@partial(jax.jit, static_argnums=0)``) or "bound" (``jax.jit(counter.count)``,
    ``self._step = jax.jit(self._update)``). Either way the instance comes from outside the
    trace, and what the method does to it happens once, while tracing."""
    info, unit = ctx.info, ctx.unit
    if info is None or unit is None or not info.direct or ctx.stateful or not unit.params:
        return None
    if unit.params[0].name in info.static_params:
        return "static"
    if unit.parent_is_class and id(unit) in ctx.facts.self_attributes.baked:
        return "bound"
    return None


def is_nnx_style_write(target: cst.BaseExpression) -> bool:
    """``v.value = ...`` / ``v[...] = ...``: nnx Variable and ``jax.new_ref`` updates."""
    if type(target) is cst.Attribute and target.attr.value == "value":
        return True
    if type(target) is cst.Subscript and len(target.slice) == 1:
        element = target.slice[0].slice
        if type(element) is cst.Index and type(element.value) is cst.Ellipsis:
            return True
    return False


# ---------------------------------------------------------------------------------
# What a name was bound to


# which arguments end up stored in the receiver
_STORED_FROM = {"insert": 1, "setdefault": 1, "__setitem__": 1}
_STORES = STORING_METHODS | {"update", "add", "__setitem__"}


@dataclass(frozen=True)
class Store:
    """One write to a location outside the current call's own objects."""

    node: cst.CSTNode  # what to report (the statement or the call)
    target: cst.BaseExpression  # the store target, or the receiver of a mutating call
    outer: Outer
    value_traced: bool
    how: str  # "assign", "augassign", "del", "call"
    method: str | None = None
    value: cst.BaseExpression | None = None


def indexed_by_own_key(ctx: Context, target: cst.Subscript) -> bool:
    """``params[name]`` inside ``for name in params`` (or ``.keys()``/``.items()``), and
    ``layers[i]`` inside ``for i in range(len(layers))``/``enumerate(layers)``: the base is a
    Python dict or list indexed by its own keys, not an array."""
    base = target.value
    if not type(base) is cst.Name or len(target.slice) != 1 or ctx.unit is None:
        return False
    index = target.slice[0].slice
    if not type(index) is cst.Index or not type(index.value) is cst.Name:
        return False
    name, owner = index.value.value, base.value
    for node in enclosing_nodes(ctx.unit.node, target):
        if type(node) is cst.For and _iterates_keys_of(node, name, owner):
            return True
    return False


def _iterates_keys_of(loop: cst.For, name: str, owner: str) -> bool:
    target: cst.BaseExpression
    target, iterable = loop.target, loop.iter
    if type(target) is cst.Tuple and target.elements:
        target = target.elements[0].value  # `for k, v in d.items()`, `for i, x in enumerate(xs)`
    if not (type(target) is cst.Name and target.value == name):
        return False
    if type(iterable) is cst.Name:
        return iterable.value == owner
    if type(iterable) is cst.Call:
        func = iterable.func
        if type(func) is cst.Attribute and func.attr.value in ("keys", "items"):
            return type(func.value) is cst.Name and func.value.value == owner
        if type(func) is cst.Name and func.value == "enumerate" and iterable.args:
            arg = iterable.args[0].value
            return type(arg) is cst.Name and arg.value == owner
        if type(func) is cst.Name and func.value == "range" and len(iterable.args) == 1:
            arg = iterable.args[0].value
            return type(arg) is cst.Call and type(arg.func) is cst.Name \
                and arg.func.value == "len" and len(arg.args) == 1 \
                and type(arg.args[0].value) is cst.Name and arg.args[0].value.value == owner
    return False


def result_used(ctx: Context, call: cst.Call) -> bool:
    """Whether the value of ``call`` (being visited) is used: inside another expression, or
    assigned or returned by its statement."""
    parent = ctx.parent()
    if parent is not None:
        # `[SEEN.append(x) for x in xs]` and `d.update(v) or d` use it only in form: the
        # first keeps a list of Nones, the second exists because update returns None
        return not isinstance(parent, (cst.ListComp, cst.GeneratorExp, cst.SetComp,
                                       cst.BooleanOperation))
    unit = ctx.unit
    if unit is not None and type(unit.node) is cst.Lambda and unit.node.body is call:
        return True  # `lambda c: c.insert(x)` returns it
    statement = ctx.statement
    return isinstance(statement, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return)) \
        and statement.value is call


def stores(ctx: Context, node: cst.CSTNode) -> list[Store]:
    """The outer stores an Assign/AugAssign/AnnAssign/Del statement or a Call makes."""
    if ctx.unit is None:
        return []
    found: list[Store] = []
    if type(node) is cst.Assign:
        for assign_target in node.targets:
            _assign_stores(ctx, node, assign_target.target, node.value, found)
    elif type(node) is cst.AnnAssign:
        if node.value is not None:
            _assign_stores(ctx, node, node.target, node.value, found)
    elif type(node) is cst.AugAssign:
        outer = outer_target(ctx, node.target)
        if outer is not None:
            traced = ctx.is_traced(node.value) or ctx.is_traced(node.target)
            found.append(Store(node, node.target, outer, traced, "augassign", value=node.value))
    elif type(node) is cst.Del:
        targets = node.target.elements if isinstance(node.target, (cst.Tuple, cst.List)) \
            else [node.target]
        for element in targets:
            target = element.value if isinstance(element, cst.BaseElement) else element
            if isinstance(target, (cst.Subscript, cst.Attribute)):
                outer = outer_target(ctx, target)
                if outer is not None:
                    found.append(Store(node, target, outer, False, "del"))
    elif type(node) is cst.Call:
        store = _call_store(ctx, node)
        if store is not None:
            found.append(store)
    return found


def _assign_stores(ctx: Context, statement: cst.CSTNode, target: cst.BaseExpression,
                   value: cst.BaseExpression, out: list[Store]) -> None:
    if isinstance(target, (cst.Tuple, cst.List)):
        values = value.elements if isinstance(value, (cst.Tuple, cst.List)) \
            and len(value.elements) == len(target.elements) \
            and not any(type(e) is cst.StarredElement for e in value.elements) else None
        for i, element in enumerate(target.elements):
            item = values[i].value if values is not None else value
            _assign_stores(ctx, statement, element.value, item, out)
        return
    if type(target) is cst.StarredElement:
        _assign_stores(ctx, statement, target.value, value, out)
        return
    outer = outer_target(ctx, target)
    if outer is not None:
        out.append(Store(statement, target, outer, _holds_traced(ctx, value), "assign", value=value))


def _holds_traced(ctx: Context, value: cst.BaseExpression) -> bool:
    """A traced value, or an object built by a class from one (``Piemd_GPU(0., xx=x,
    yy=y)``, a distribution ``Normal(loc=mu)``): a constructor keeps what it is given, so
    the object holds the tracers (herculens cached such an object on ``self`` in a jitted
    method, and the next trace read the first one's coordinates)."""
    if ctx.is_traced(value):
        return True
    if type(value) is not cst.Call:
        return False
    return class_like(dotted_name(value.func)) and any(ctx.is_traced(arg.value) for arg in value.args)


def _call_store(ctx: Context, call: cst.Call) -> Store | None:
    func = call.func
    if not type(func) is cst.Attribute:
        return None
    method = func.attr.value
    receiver = func.value
    if method in NONE_RETURNING and result_used(ctx, call):
        # `state = buffer.insert(state, x)`, `return carry.update(v)`: list.insert and
        # dict.update return None, so a method whose result is used is another, pure one
        return None
    if method in STORING_METHODS:
        if not isinstance(receiver, (cst.Name, cst.Attribute, cst.Subscript)):
            return None
    elif method in CONTAINER_METHODS or method in NUMPY_METHODS:
        if not type(receiver) is cst.Name:
            return None
        container = method in CONTAINER_METHODS and names_mutable_container(ctx, receiver.value)
        array = method in NUMPY_METHODS and names_numpy_array(ctx, receiver.value)
        if not (container or array):
            return None
    else:
        return None
    root = root_name(receiver)
    if root is None:
        return None
    if _is_import(ctx, root.value):
        return None  # `sys.path.append(...)`: state of an imported module, not a container
    outer = outer_object(ctx, root.value)
    if outer is None:
        return None
    traced = False
    if method in _STORES:
        first = _STORED_FROM.get(method, 0)
        positional = [a for a in call.args if a.keyword is None]
        stored = positional[first:] + [a for a in call.args if a.keyword is not None]
        traced = any(_holds_traced(ctx, a.value) for a in stored)
    return Store(call, receiver, outer, traced, "call", method)


def _is_import(ctx: Context, name: str) -> bool:
    unit = ctx.unit
    while unit is not None:
        if unit.imports is not None and unit.imports.lookup(name) is not None:
            return True
        if unit.binds(name):
            return False
        unit = unit.parent
    return name in ctx.index.import_names
