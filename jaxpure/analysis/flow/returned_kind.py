"""The kind a call of a helper of this module gives, from the helper's ``return``
statements read with its parameters holding the kinds of the call's arguments.

``self.should_update(state)`` where ``should_update`` returns ``True`` on one path and
``state.step % self.period == 0`` on another: called on a traced ``state``, the result
may be a tracer (kfac's ``sync`` flag). Callers are walked before their callees, so the
helper's own walk cannot say; its returns are read here, one call at a time, and only
when every return has a kind that is known.

A local name the helper returns (``factors = 2 ** folds; return factors``, jax-md's fold
factors) is followed through every way the helper binds it and every value it stores into
it (``folds[d] += 1``), flow-insensitively, to a fixed point: a local that is a Python or
NumPy value for every one of them is one; anything else about a local stays unknown here
(the helper's own walk says what it holds).

``jax.tree.map(partial(_derive_shapes, block), params)`` gives back a tree of what the
helper returns for each leaf: read as the call ``_derive_shapes(block, params)``, the tree
standing for its leaves (a leaf of a traced tree is traced), a Python value for every leaf
(a record of ``list(param.shape)``) makes the whole tree one (tearfree's ``_Shapes``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Callable, NamedTuple

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.domain import KindScope, opens_compile_time_eval
from jaxpure.analysis.module.bindings import LocalSources, single_value
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import CallShape, descendants, names_in, returned_values

Infer = Callable[[KindScope, cst.BaseExpression], int]

# returns whose parts are unpacked at the call site, each with a kind of its own
_DISPLAYS = (cst.Tuple, cst.List, cst.Dict)

# helpers read inside helpers: a bound on recursion and on the cost of one call's kind
_MAX_DEPTH = 2
# locals followed for one call, and rounds to their fixed point: bounds on the cost
_MAX_LOCALS = 24
_MAX_ROUNDS = 5
# what a local followed may be: a Python value or a NumPy array, both complete at trace time
_CONCRETE: frozenset[int] = frozenset({L.STATIC, L.NUMPY})


class _CalleeScope:
    """The helper's scope for one call: its parameters hold the kinds the call gives."""

    def __init__(self, outer: KindScope, callee: Unit, params: dict[str, int], depth: int):
        self._outer = outer
        self._callee = callee
        self._params = params
        self.returned_depth = depth
        self.locals: dict[str, int] = {}  # the helper's locals followed, once known
        # set for each returned value: inside `with jax.ensure_compile_time_eval():` or not
        self.compile_time_eval = outer.compile_time_eval

    def __getattr__(self, name: str) -> object:
        return getattr(self._outer, name)

    @property
    def unit(self) -> Unit | None:
        return self._callee

    @property
    def traced(self) -> bool:
        return self._outer.traced

    @property
    def strict_via(self) -> str | None:
        return self._outer.strict_via

    @property
    def caching_via(self) -> str | None:
        return self._outer.caching_via

    def lookup(self, name: str) -> int:
        if name in self.locals:
            return self.locals[name]
        if name in self._params:
            return self._params[name]
        if name in ("None", "True", "False"):
            return L.STATIC
        return self._module_name(name)

    def _module_name(self, name: str) -> int:
        """A name neither the helper nor a function around it binds is a name of this
        module (the helper is one of its functions): what the walk knows of it there
        (``return ScanType.NATIVE``, a member of a class of the module, is a Python value).
        A local not followed stays unknown."""
        unit: Unit | None = self._callee
        while unit is not None:
            if unit.binds(name) and name not in unit.declared_global:
                # a closure over the function being walked, which makes the call: the
                # value the name holds there now (`get = lambda seq: [seq[i] for i in
                # subset]; times = get(times)`)
                outer = self._outer
                return outer.lookup(name) if unit is not self._callee \
                    and unit is outer.unit else L.UNKNOWN
            unit = unit.parent
        return self._outer.module_env.get(name, L.UNKNOWN)

    def qualname(self, expr: cst.BaseExpression) -> str | None:
        return self._outer.resolver.qualname(expr, self._callee)


def called_helper(ctx: KindScope, func: cst.BaseExpression) -> Unit | None:
    """The helper of this module a call runs: a function the resolver knows, or a lambda a
    local name is bound to once (``get_subset = lambda seq: [seq[i] for i in subset]``)."""
    callee = ctx.resolver.function(func, ctx.unit)
    if callee is None and type(func) is cst.Name:
        found = single_value(ctx.index, ctx.unit, func.value)
        if found is not None and type(found[0]) is cst.Lambda:
            return ctx.index.unit_for(found[0])
    return callee


class _HelperCall(NamedTuple):
    """The call a tree.map makes of its function: its callee and arguments."""

    func: cst.BaseExpression
    args: tuple[cst.Arg, ...]


def mapped_kind(ctx: KindScope, call: cst.Call, infer: Infer) -> int | None:
    """The kind of every leaf ``jax.tree.map(f, tree, ...)`` builds, where ``f`` is a helper
    of this module or a ``functools.partial`` of one: what ``f`` returns when called with
    the partial's arguments and then the trees (each tree standing for its leaves), asked
    only whether it is a Python value; None when the helper is not known or what it
    returns is not one (tried first with every local a Python value, which is cheap)."""
    if not call.args or call.args[0].keyword is not None or call.args[0].star:
        return None
    function = mapped = call.args[0].value
    bound: list[cst.Arg] = []
    if type(mapped) is cst.Call and ctx.qualname(mapped.func) == "functools.partial" \
            and mapped.args and not mapped.args[0].keyword and not mapped.args[0].star:
        function, bound = mapped.args[0].value, list(mapped.args[1:])
    callee = called_helper(ctx, function)
    trees = [a for a in call.args[1:] if a.keyword is None or a.keyword.value != "is_leaf"]
    # `is_leaf=`: `f` is given nodes the predicate picks (subtrees too), not the trees'
    # leaves; what it returns is still every leaf of the result when that is a Python value
    # whatever it is given (`lambda x: tree.map(lambda _: True, x) if stacked(x) else False`)
    leaves_chosen = len(trees) < len(call.args) - 1
    if callee is None or not trees or any(a.keyword is not None or a.star for a in trees):
        return None
    # `partial(f, a=1)(x)` calls `f(x, a=1)`: the partial's keywords go last
    args = [a for a in bound if a.keyword is None] + list(trees) \
        + [a for a in bound if a.keyword is not None]
    # what arguments_of and the walk read of a call, without building a libcst node (whose
    # validation costs more than the rest of the question)
    helper_call = _HelperCall(function, tuple(args))
    fixed = _bound_configuration(ctx, callee, helper_call, bound, infer)
    if returned_kind(ctx, callee, helper_call, infer, fixed, hoped=True) != L.STATIC:
        return None  # not a Python value even with every local one: no need to follow them
    found = returned_kind(ctx, callee, helper_call, infer, fixed)
    return found if not leaves_chosen or found == L.STATIC else None


def _bound_configuration(ctx: KindScope, callee: Unit, call: CallShape, bound: list[cst.Arg],
                         infer: Infer) -> dict[str, int]:
    """The parameters a partial binds to what the walk does not know (an ``options`` the
    traced function closes over, given to its factory): a tree.map hands them to the helper
    as they are, no leaves, and its walk takes them as Python values (module/traced.py's
    static parameters), so they are so here too; a value known traced stays traced."""
    info = ctx.traced_analysis.info.get(id(callee))
    passed = callee.arguments_of(call) or {}
    values = {id(a.value) for a in bound}
    return {name: L.STATIC for name, value in passed.items()
            if id(value) in values and info is not None and name in info.static_params
            and infer(ctx, value) == L.UNKNOWN}


def returned_kind(ctx: KindScope, callee: Unit, call: CallShape, infer: Infer,
                  fixed: Mapping[str, int] | None = None, hoped: bool = False) -> int | None:
    """The join of the kinds of ``callee``'s returns for this ``call``; None when one of
    them is unknown, the call spreads arguments, or helpers nest too deep. ``fixed``: the
    kinds of some parameters, whatever the call passes. ``hoped``: every local a Python
    value, not followed (the best the returns can be, at no walk of the helper's body)."""
    depth = getattr(ctx, "returned_depth", 0)
    node = callee.node
    if depth >= _MAX_DEPTH:
        return None
    passed = callee.arguments_of(call)
    # a lambda returns its body
    values = returned_values(node)
    if passed is None or not values:
        return None
    params: dict[str, int] = {}
    for p in callee.params:
        if p.star:
            continue
        if callee.parent_is_class and p.index == 0 and not callee.is_staticmethod \
                and type(call.func) is cst.Attribute:
            params[p.name] = L.STATIC  # self: Python state, as the walk binds it
        elif p.name in passed:
            params[p.name] = infer(ctx, passed[p.name])
        elif p.default is not None:
            params[p.name] = infer(ctx, p.default)
    params.update(fixed or {})
    # a parameter rebound in the helper (`tensor = jnp.pad(tensor, ...)`) is a local: what
    # the call passes is one of its values
    rebound = {name: kind for name, kind in params.items() if name in callee.assigned}
    scope = _CalleeScope(ctx, callee, {name: kind for name, kind in params.items()
                                       if name not in rebound}, depth + 1)
    if hoped:
        scope.locals = dict.fromkeys(callee.assigned, L.STATIC)
    elif type(node) is cst.FunctionDef:  # a lambda binds no local but its parameters
        scope.locals = _follow_locals(scope, ctx.facts.local_sources(callee), values, infer,
                                      rebound)
    found: int | None = None
    eager = _eagerly_returned(ctx, callee)
    for value in values:
        # a return inside `with jax.ensure_compile_time_eval():` runs its jnp calls on
        # constants eagerly, in the caller's trace too (e3nn's `is_zero_in_zero`)
        scope.compile_time_eval = ctx.compile_time_eval + (id(value) in eager)
        kind = infer(scope, value)  # type: ignore[arg-type]  # a KindScope by delegation
        if kind == L.UNKNOWN:
            return None
        found = kind if found is None else L.join(found, kind)
    if found != L.STATIC and any(isinstance(v, _DISPLAYS) for v in values):
        # `return tensor, tensor.shape[-1], n`: one kind for the whole tuple says nothing
        # of what each name it is unpacked into holds, unless every part is a Python value
        return None
    return found


def _eagerly_returned(ctx: KindScope, callee: Unit) -> frozenset[int]:
    """The ids of the values ``callee`` returns from inside a ``with
    jax.ensure_compile_time_eval():`` block (found once per function)."""
    found = callee.__dict__.get("_eagerly_returned")
    if found is None and not any(_names_eager(call.func) for call in callee.calls):
        found = callee.__dict__["_eagerly_returned"] = frozenset()  # no block: no walk
    if found is None:
        found = callee.__dict__["_eagerly_returned"] = frozenset(
            id(r.value) for block in descendants(callee.node)
            if type(block) is cst.With and opens_compile_time_eval(block, ctx.qualname)
            for r in descendants(block.body) if type(r) is cst.Return and r.value is not None)
    return found


def _names_eager(func: cst.BaseExpression) -> bool:
    """``jax.ensure_compile_time_eval`` or a bare import of it, by its last name."""
    return (func.attr.value if type(func) is cst.Attribute else
            func.value if type(func) is cst.Name else "") == "ensure_compile_time_eval"


def read_parameters(ctx: KindScope, callee: Unit) -> frozenset[str]:
    """The parameters of ``callee`` its returns read, directly or through the locals they
    read (and the bindings and stores of those): what :func:`returned_kind` depends on."""
    values = returned_values(callee.node)
    if type(callee.node) is not cst.FunctionDef:
        return frozenset(n.value for v in values for n in names_in(v, attributes=False)) \
            & callee.param_names
    sources = ctx.facts.local_sources(callee)
    read = [n.value for v in values for n in names_in(v, attributes=False)]
    for local in _needed_locals(sources, values):
        read.append(local)
        read.extend(n.value for _how, v in sources.sources[local] if v is not None
                    for n in names_in(v, attributes=False))
        read.extend(n.value for v in sources.stores.get(local, ()) if v is not None
                    for n in names_in(v, attributes=False))
    return frozenset(read) & callee.param_names


def _follow_locals(scope: _CalleeScope, sources: LocalSources, values: list[cst.BaseExpression],
                   infer: Infer, rebound: dict[str, int]) -> dict[str, int]:
    """The kinds of the helper's locals its returns read, directly or through each other:
    the least fixed point of their bindings, each local starting as a Python value; a
    local that is no Python or NumPy value at the fixed point is unknown (so is every
    local, when there are too many or no fixed point within a few rounds)."""
    needed = _needed_locals(sources, values)
    if not needed:
        return {}
    if len(needed) > _MAX_LOCALS:
        return dict.fromkeys(needed, L.UNKNOWN)
    scope.locals = dict.fromkeys(needed, L.STATIC)
    order = needed[::-1]  # what a local reads was found after it: mostly computed first
    for _ in range(_MAX_ROUNDS):
        changed = False
        for name in order:
            kind = _local_kind(scope, sources, name, infer, rebound.get(name))
            if kind != scope.locals[name]:
                scope.locals[name] = kind
                changed = True
        if not changed:
            return {name: kind if kind in _CONCRETE else L.UNKNOWN
                    for name, kind in scope.locals.items()}
    return dict.fromkeys(needed, L.UNKNOWN)


def _needed_locals(sources: LocalSources, values: list[cst.BaseExpression]) -> list[str]:
    """The locals the returned values read, and those their bindings and stores read."""
    needed: list[str] = []
    frontier: list[cst.CSTNode | None] = list(values)
    while frontier:
        node = frontier.pop()
        if node is None:
            continue
        for name in names_in(node, attributes=False):
            if name.value in sources.sources and name.value not in needed:
                needed.append(name.value)
                frontier.extend(value for _how, value in sources.sources[name.value])
                frontier.extend(sources.stores.get(name.value, ()))
    return needed


def _local_kind(scope: _CalleeScope, sources: LocalSources, name: str, infer: Infer,
                passed: int | None) -> int:
    """The join of what every binding of ``name`` gives it, in this round; unknown when a
    value stored into it may be no Python or NumPy value (`parts.append(x + 1)`)."""
    kinds = [] if passed is None else [passed]
    for how, value in sources.sources.get(name, ()):
        if how == "value" and isinstance(value, cst.BaseExpression):
            kinds.append(infer(scope, value))  # type: ignore[arg-type]  # a KindScope by delegation
        elif how == "augmented" and type(value) is cst.AugAssign:
            operand = infer(scope, value.value)  # type: ignore[arg-type]
            current = scope.locals.get(name, L.UNKNOWN)
            # `shape += [n, m]`: a longer list; `n += 1`, `folds = folds * 2`: arithmetic
            kinds.append(L.container([current, operand]) if isinstance(value.value, _DISPLAYS)
                         else L.arith([current, operand]))
        elif how in ("element", "part") and isinstance(value, cst.BaseExpression):
            whole = infer(scope, value)  # type: ignore[arg-type]
            kinds.append(whole if whole in _CONCRETE else L.TRACED if L.is_traced(whole)
                         else L.UNKNOWN)
        else:
            kinds.append(L.UNKNOWN)  # `with ... as x`, an import, a nested def
    if not kinds:
        return L.UNKNOWN
    for stored in sources.stores.get(name, ()):
        if stored is None or infer(scope, stored) not in _CONCRETE:  # type: ignore[arg-type]
            return L.UNKNOWN
    return functools.reduce(L.join, kinds)
