"""Which functions run again and again: called inside a Python loop, or from one (JXP603).

It takes the Context (the traced facts and the bindings), so it sits with the queries; the
design's module/repetition.py needs ModuleFacts to carry bindings first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Callable

import libcst as cst

from jaxpure.analysis.catalog.side_effects import STORING_METHODS
from jaxpure.analysis.catalog.transforms import Transform
from jaxpure.analysis.flow.domain import repeating_loop
from jaxpure.analysis.module.bindings import binding_value
from jaxpure.analysis.module.classes import model_classes
from jaxpure.analysis.module.hierarchy import owner_class, self_method_call, subclasses
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.resolve import seeded_unit
from jaxpure.analysis.syntax import (
    COMPREHENSIONS, NODE_TYPES, CHILD_FIELDS, assigned_in, children, leaving_block, push_children,
    reads_any, statements, target_names,
)

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

from jaxpure.analysis.queries.values import bound_values


def repeating_loop_node(ctx: Context) -> cst.CSTNode | None:
    """The innermost loop around the code being walked that runs it again on a later
    iteration: not one the path leaves (``return f()``, ``...; break``) or takes on one
    iteration only."""
    loop = repeating_loop(ctx.loops)
    return loop.node if loop is not None else None


def repeated_units(ctx: Context) -> dict[int, str]:
    """Functions of this module called inside a Python loop or comprehension, directly or
    through untraced callers: ``id(unit)`` -> where (``"`train`"``, ``"module level"``)."""
    found = ctx.facts.repeated_units
    if found is None:
        found = ctx.facts.repeated_units = _repeated_units(ctx)
    return found


def _overrides(ctx: Context, unit: Unit | None, call: cst.Call) -> list[Unit]:
    """The overrides ``self.m(...)`` may run, in subclasses of this module of the calling
    method's class: a base trainer's loop calling ``self.update_params(...)`` runs the
    subclass's ``update_params`` on every step."""
    method = self_method_call(unit, call) if unit is not None else None
    owner = owner_class(unit) if method is not None and unit is not None else None
    if method is None or owner is None:
        return []
    found = (ctx.index.classes.get(sub, {}).get(method) for sub in subclasses(ctx.index, owner))
    return [override for override in found if override is not None]


def _repeated_units(ctx: Context) -> dict[int, str]:
    repeated: dict[int, str] = {}
    units: dict[int, Unit] = {}

    calls = ctx.facts.repeating_calls

    def record(call: cst.Call, unit: Unit | None) -> None:
        for callee in (ctx.resolver.function(call.func, unit), *_overrides(ctx, unit, call)):
            if callee is None:
                continue
            calls.setdefault(id(callee), []).append(call)
            if id(callee) not in repeated:
                repeated[id(callee)] = f"`{unit.name}`" if unit is not None else "module level"
                units[id(callee)] = callee

    def walk(node: cst.CSTNode, unit: Unit | None, loops: tuple[int, ...], repeats: bool) -> None:
        """``loops``: the loops around ``node`` in ``unit``, innermost last, each REPEATS
        when it may run ``node`` again on a later iteration, | GUARDED under a ``try``;
        ``repeats``: one of them REPEATS."""
        t = type(node)
        if t in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            if type(node) is cst.FunctionDef:
                for decorator in node.decorators:
                    walk(decorator, unit, loops, repeats)
            return
        if type(node) is cst.Call and repeats:
            record(node, unit)
        if t in (cst.For, cst.While):
            # a sweep over literal configurations runs each call once per configuration
            sweep = type(node) is cst.For and (constant_iterable(ctx, node.iter, follow=False)
                                               or indexes_constant_table(ctx, node.iter, unit))
            for name in CHILD_FIELDS[t]:
                value = getattr(node, name)
                if type(value) in NODE_TYPES:
                    if name == "body":
                        walk(value, unit, (*loops, 0 if sweep else REPEATS), repeats or not sweep)
                    else:
                        walk(value, unit, loops, repeats)
            return
        if t in COMPREHENSIONS:
            # the outermost iterable is evaluated once, before the loop, as a `for`
            # statement's is (`[r for r in make()]` calls make() once); the rest repeats
            outer = getattr(node, "for_in")
            walk(outer.iter, unit, loops, repeats)
            for child in (*children(node), *children(outer)):
                if child is not outer and child is not outer.iter:
                    walk(child, unit, (*loops, REPEATS), True)
            return
        if loops and (t is cst.IndentedBlock or t is cst.SimpleStatementSuite):
            left = _left(loops, getattr(node, "body"))
            if left is not loops:
                loops, repeats = left, any(e & REPEATS for e in left)
        elif loops and (t is cst.Try or t is cst.TryStar):
            guarded = (*loops[:-1], loops[-1] | GUARDED)
            for child in children(node):
                walk(child, unit, guarded if child is getattr(node, "body") else loops, repeats)
            return
        for child in children(node):
            walk(child, unit, loops, repeats)

    for statement in ctx.module.body:
        walk(statement, None, (), False)
    for unit in ctx.index.units:
        info = ctx.traced_analysis.info.get(id(unit))
        if info is not None and info.traced:
            continue  # its body runs at trace time, not once per call
        node = unit.node
        body = node.body
        if type(node) is cst.FunctionDef:
            for inner in statements(node.body):
                walk(inner, unit, (), False)
        else:
            walk(body, unit, (), False)
    # an override another module's base class runs in a loop (module/looped_calls.py)
    for function, origin in ctx.facts.imported_looped_calls.items():
        override = seeded_unit(ctx.index, function)
        if override is not None:
            repeated.setdefault(id(override), origin)
    # a function called (anywhere) by a repeated, untraced function repeats too
    changed = True
    while changed:
        changed = False
        for caller, callee, _call in ctx.traced_analysis.edges:
            if id(caller) in repeated and id(callee) not in repeated:
                info = ctx.traced_analysis.info.get(id(caller))
                if info is not None and info.traced:
                    continue
                repeated[id(callee)] = repeated[id(caller)]
                changed = True
    return repeated


REPEATS, GUARDED = 1, 2


def _left(loops: tuple[int, ...], body: Sequence[cst.CSTNode]) -> tuple[int, ...]:
    """``loops`` inside a block that leaves the innermost one (``...; break``) or all of them
    (``return f()``; syntax.leaving_block): those no longer repeat the block, up to one a
    ``try`` inside it may bring round again (as flow/walker.py's leave_loops)."""
    how = leaving_block(body)
    if how is None:
        return loops
    first = len(loops) - 1 if how is cst.Break else 0
    left = list(loops)
    for i in range(len(loops) - 1, first - 1, -1):
        if left[i] & GUARDED:
            break
        left[i] &= ~REPEATS
    return tuple(left)


# `range` is left out on purpose: `for step in range(n)` repeats work, it does not sweep
# configurations
_SWEEP_ITERATORS = frozenset(
    {"builtins.enumerate", "builtins.zip", "builtins.reversed", "builtins.sorted",
     "itertools.product", "itertools.combinations", "itertools.permutations",
     "itertools.chain"}
)


def constant_iterable(ctx: Context, node: cst.BaseExpression, follow: bool) -> bool:
    """A loop over literal constants (`(0.1, 0.01)`, `itertools.product((4, 8), (1, 2))`):
    each iteration's value is a compile-time configuration, not data."""
    if isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return bool(node.elements) and all(_constant(e.value) for e in node.elements)
    if type(node) is cst.Call:
        if ctx.qualname(node.func) not in _SWEEP_ITERATORS or not node.args:
            return False
        return all(constant_iterable(ctx, a.value, follow) for a in node.args)
    if follow and type(node) is cst.Name:
        values = bound_values(ctx, node.value)
        if values and len(values) == 1 and values[0] is not None:
            return constant_iterable(ctx, values[0], follow=False)
    return False


def indexes_constant_table(ctx: Context, node: cst.BaseExpression, unit: Unit | None) -> bool:
    """``range(len(widths))`` with ``widths`` bound only to a literal list of constants (in
    ``unit``, or at module level): the loop picks ``widths[i]``, one configuration of a
    table per iteration, as ``for width in widths`` would."""
    if type(node) is not cst.Call or ctx.qualname(node.func) != "builtins.range" \
            or len(node.args) != 1:
        return False
    sized = node.args[0].value
    if type(sized) is not cst.Call or ctx.qualname(sized.func) != "builtins.len" \
            or len(sized.args) != 1 or type(sized.args[0].value) is not cst.Name:
        return False
    name = sized.args[0].value.value
    if unit is not None and unit.binds(name):
        sources = ctx.facts.local_sources(unit).sources.get(name, [])
        values = [value if how == "value" else None for how, value in sources]
    else:
        values = [binding_value(b) for b in ctx.index.bindings.get(name, [])]
    return len(values) == 1 and isinstance(values[0], cst.BaseExpression) \
        and constant_iterable(ctx, values[0], follow=False)


def _constant(node: cst.BaseExpression) -> bool:
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
        return True
    if type(node) is cst.Name:
        return node.value in ("True", "False", "None")
    if type(node) is cst.UnaryOperation:
        return _constant(node.expression)
    if isinstance(node, (cst.Tuple, cst.List)):
        return all(_constant(e.value) for e in node.elements)
    if type(node) is cst.Attribute:
        return True  # `jnp.float32`, an enum member: a configuration value
    return False


def per_iteration_object(loop: cst.For, function: cst.BaseExpression) -> bool:
    """``jax.jit(jax.vmap(env.step))`` where the loop body builds ``env`` from the loop's
    target (``for env_id in ids: env = make(env_id)``): a method of a different object on
    each iteration, so one compilation per item is inherent, like a sweep over
    configurations. An object built the same way on every iteration is not this."""
    while type(function) is cst.Call and function.args and not function.args[0].keyword:
        function = function.args[0].value  # `jax.vmap(env.step)`: the function it wraps
    varying = set(target_names(loop.target))
    bound: dict[str, cst.BaseExpression] = {}
    for line in statements(loop.body):
        for small in line.body if type(line) is cst.SimpleStatementLine else ():
            if type(small) is cst.Assign and reads_any(small.value, varying):
                varying.update(n for t in small.targets for n in target_names(t.target))
            if type(small) is cst.Assign and len(small.targets) == 1 \
                    and type(small.targets[0].target) is cst.Name:
                bound[small.targets[0].target.value] = small.value
    function = _partial_of_method(function, bound)
    if type(function) is not cst.Attribute or type(function.value) is not cst.Name:
        return False
    return function.value.value in varying and function.value.value not in target_names(loop.target)


def _partial_of_method(function: cst.BaseExpression,
                       bound: dict[str, cst.BaseExpression]) -> cst.BaseExpression:
    """The method a name bound in the loop body to ``partial(obj.method, ...)`` wraps
    (probdiffeq's ``dense = partial(solver.offgrid_marginals, solution=solution)``, then
    ``jax.jit(jax.vmap(dense))``); the function itself otherwise."""
    value = bound.get(function.value) if type(function) is cst.Name else None
    if type(value) is cst.Call and value.args and not value.args[0].keyword \
            and (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "partial":
        return value.args[0].value
    return function


def wrapper_transform(ctx: Context, created: cst.CSTNode) -> Transform | None:
    """The transform ``created`` calls to wrap a function (``jax.jit`` of ``jax.jit(f)``;
    None for a call of a configured transform, ``partial(jax.jit, ...)(f)``)."""
    if type(created) is not cst.Call or type(created.func) is cst.Call:
        return None
    found = ctx.traced_analysis.transform(created.func, ctx.unit)
    return found[0] if found is not None else None


def reused_by_structure(ctx: Context, created: cst.CSTNode, wrapped: cst.CSTNode,
                        stable: Callable[[cst.BaseExpression], bool]) -> bool:
    """``created`` (``eqx.filter_jit(wrapped)``) is a jit keyed by the static structure of
    what it wraps (catalog), and ``wrapped``, though built anew each time, is an Equinox
    Module callable (:func:`equinox_module_callable`) over callables ``stable`` accepts
    (the same function object each time): its compilation is reused."""
    found = wrapper_transform(ctx, created)
    if found is None or not found.keyed_by_structure or not isinstance(wrapped, cst.BaseExpression):
        return False

    def same(inner: cst.BaseExpression) -> bool:
        return stable(inner) or equinox_module_callable(ctx, inner, same)
    return equinox_module_callable(ctx, wrapped, same)


def equinox_module_callable(ctx: Context, expr: cst.BaseExpression,
                            inner: Callable[[cst.BaseExpression], bool]) -> bool:
    """``expr`` is an Equinox Module as a callable, whose static structure (not its
    identity) a structure-keyed jit compares: ``model.aux`` where every class of this
    module that defines ``aux`` derives from ``eqx.Module`` (the bound method is itself a
    Module holding the class's function and the instance), or an Equinox filtered
    transform's wrapper (``eqx.filter_vmap(f)``, a Module holding ``f``) of a callable
    ``inner`` accepts."""
    if type(expr) is cst.Attribute:
        owners = [u.class_name for u in ctx.index.units
                  if u.parent_is_class and u.name == expr.attr.value]
        kinds = model_classes(ctx.index, ctx.resolver)
        return bool(owners) and all(kinds.get(c or "") == "equinox" for c in owners)
    if type(expr) is cst.Call and type(expr.func) is not cst.Call and expr.args:
        found = ctx.traced_analysis.transform(expr.func, ctx.unit)
        return found is not None and found[0].name.startswith("equinox.filter_") \
            and found[0].kind == "wrap" and found[1] is None \
            and expr.args[0].keyword is None and inner(expr.args[0].value)
    return False


# a call whose result holds its arguments: a class (capitalised by convention) or a builtin
# container (`NonlinearConstraint(fun=f_jit)`, `dict(jac=jac)`); any other call's result
# may be what the function computed, not the function
_HOLDING_BUILTINS = frozenset({"dict", "list", "tuple", "set"})
_KEEPING_METHODS = STORING_METHODS | {"add"}


def outlives_iteration(loop: cst.CSTNode, name: str) -> bool:
    """Whether the loop body keeps what ``name`` holds past the iteration that built it:
    puts it (itself, or in a display or an object built around it) in a container or
    attribute bound outside the loop (``fns.append(f)``, ``table[k] = f``, ``self.f = f``,
    through per-iteration holders: ``entry = {}``; ``entry["jac"] = jac``;
    ``out.append(entry)``), or yields or returns it. A jitted function kept so is called
    again later, so calling it in the iteration that built it compiles it once (a warm-up),
    not once per use. A name rebound each iteration (``last = f``) keeps only one."""
    body = getattr(loop, "body", None)
    if not isinstance(body, cst.BaseSuite) or not isinstance(loop, (cst.For, cst.While)):
        return False
    local = assigned_in(body)
    if type(loop) is cst.For:
        local.update(target_names(loop.target))
    keeps = _keeping_moves(body)
    held = {name}
    grew = True
    while grew:
        grew = False
        for holder, value in keeps:
            if holder in held or not _holds(value, held):
                continue
            if holder is None or holder not in local:
                return True  # yielded, returned, or put where the loop does not rebind
            held.add(holder)
            grew = True
    return False


def _keeping_moves(body: cst.CSTNode) -> list[tuple[str | None, cst.BaseExpression]]:
    """(the name of what keeps the value, the value) for each store in ``body`` (not in
    nested functions): ``x.append(v)``, ``x[k] = v``, ``x.a = v`` (kept by ``x``'s root
    name), ``x = <display or constructor of v>`` (by ``x``), ``yield v``/``return v``
    (None: handed out of the loop)."""
    moves: list[tuple[str | None, cst.BaseExpression]] = []
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if type(node) is cst.Call:
            call = cst.ensure_type(node, cst.Call)
            if type(call.func) is cst.Attribute and call.func.attr.value in _KEEPING_METHODS:
                root = _root(call.func.value)
                moves.extend((root, arg.value) for arg in call.args)
        elif type(node) is cst.Assign:
            assign = cst.ensure_type(node, cst.Assign)
            for target in assign.targets:
                moves.extend((holder, assign.value) for holder in _holders(target.target))
        elif isinstance(node, (cst.Yield, cst.Return)) and isinstance(node.value, cst.BaseExpression):
            moves.append((None, node.value))
        push_children(node, stack)
    return moves


def _holders(target: cst.BaseExpression) -> list[str | None]:
    if isinstance(target, (cst.Subscript, cst.Attribute)):
        return [_root(target.value)]
    return [n for n in target_names(target)]


def _root(node: cst.BaseExpression) -> str | None:
    """``out`` of ``out``, ``self.table[k]``'s ``self``; None for any other base (a call's
    result: kept where the loop cannot tell)."""
    while isinstance(node, (cst.Attribute, cst.Subscript)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _holds(value: cst.BaseExpression, names: set[str]) -> bool:
    """``value`` is one of ``names``, or a display or constructor call holding one (not a
    call of it: ``out.append(f(x))`` keeps a result)."""
    if isinstance(value, cst.Name):
        return value.value in names
    if isinstance(value, (cst.Tuple, cst.List, cst.Set)):
        return any(_holds(e.value, names) for e in value.elements)
    if isinstance(value, cst.Dict):
        return any(isinstance(e, cst.DictElement) and _holds(e.value, names) for e in value.elements)
    if isinstance(value, cst.Call):
        func = value.func
        callee = func.attr.value if isinstance(func, cst.Attribute) \
            else func.value if isinstance(func, cst.Name) else ""
        if callee[:1].isupper() or callee in _HOLDING_BUILTINS:
            return any(_holds(a.value, names) for a in value.args)
    return False
