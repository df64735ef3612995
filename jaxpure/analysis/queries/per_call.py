"""Whether a function that jits on every call, and is called in loops, compiles another
program on each call anyway (JXP603): what the jitted function is built from, or the shapes
its own loop passes it, change with what the calling loops change. Split from
repetition.py, whose record of the calls in loops it reads."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.shapes import (
    NUMPY_DIMENSION_CALLS, NUMPY_SIZE_ARGS, SHAPE_ARGS, STRUCTURE_ATTRIBUTES,
)
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.queries.repetition import per_iteration_object, repeated_units
from jaxpure.analysis.syntax import (
    COMPREHENSIONS, assigned_in, call_arg, children, free_names, push_children, reads_any,
    target_names,
)

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context


def inherent_per_call(ctx: Context, unit: Unit, wrapped: cst.CSTNode, bound_to: str | None) -> bool:
    """``unit`` jits ``wrapped`` on every call, and the program it compiles changes with
    what every loop calling ``unit`` changes on each iteration (a parameter passed a value
    the loop binds), so one compilation per call is the least there can be:

    - that value reaches, in ``wrapped``, a place where a shape or a dtype goes
      (``x.astype(hparams["dtype"])``, ``reshape(-1, chunk)``, ``kernel_dtype=``; catalog):
      a jit hoisted out of ``unit`` would compile anew for each value too;
    - or ``unit`` calls the jitted function (``bound_to``) in a loop of its own (a training
      or solving loop), so its one compilation serves every iteration there, and the
      function closes over the value or a local made from it, a partial binds it
      (``partial(step, task_id=task_id)``), or the own loop passes it arrays whose shapes
      are made from it (``W = randn(n, r)``, ``r`` doubled by the caller's loop).

    A jit over values the calling loop passes unchanged, or called once per call over a
    value used as data (``lambda q: q * b``: pass ``b`` as an argument), is not this."""
    repeated_units(ctx)  # fills the calls in loops
    sites = ctx.facts.repeating_calls.get(id(unit))
    if type(unit.node) is not cst.FunctionDef or not sites:
        return False
    values, shapes = _parameter_origins(ctx, unit)
    functions, bound = _reached(unit, wrapped)
    read = {p for f in functions for name in _static_reads(ctx, f) for p in values.get(name, ())}
    uses = _own_loop_calls(unit.node.body, bound_to) if bound_to is not None else []
    if uses:
        closed = bound.union(*(free_names(f) - _bound_inside(f) for f in functions))
        read.update(p for name in closed for p in values.get(name, ()))
        for use in uses:  # what the own loop passes: its shapes make the traced program
            read.update(p for arg in use.args for name in free_names(arg.value)
                        for p in shapes.get(name, ()))
    return bool(read) and all(_changes_each_iteration(ctx, unit, site, read) for site in sites) \
        and _repeated_only_from_loops(ctx, unit, sites)


def one_program_per_item(loop: cst.For, wrapped: cst.CSTNode, bound_to: str | None) -> bool:
    """A jit in a loop body that compiles one program per item of the loop, as it must: a
    method of an object the body builds from the item (repetition.per_iteration_object), or
    a function made from the item and reused by a loop of the body's own
    (:func:`inherent_per_iteration`)."""
    return isinstance(wrapped, cst.BaseExpression) and per_iteration_object(loop, wrapped) \
        or bound_to is not None and inherent_per_iteration(loop, wrapped, bound_to)


def inherent_per_iteration(loop: cst.For, wrapped: cst.CSTNode, bound_to: str) -> bool:
    """The loop body's counterpart of :func:`inherent_per_call`: the body jits ``wrapped``
    once per iteration, calls it (``bound_to``) in a loop of its own (a training loop per
    model), and ``wrapped`` is made from the loop's item (``loss = loss_func(model)``;
    ``jax.jit(jax.value_and_grad(loss))``): one compilation per item serves the whole inner
    loop. A jit over anything else, or called only once per iteration, is not this."""
    if not _own_loop_calls(loop.body, bound_to):
        return False
    made = set(target_names(loop.target))
    grew = True
    while grew:  # the names the body binds from the item, followed through its bindings
        grew = False
        for statement in loop.body.body:
            small = statement.body if type(statement) is cst.SimpleStatementLine else ()
            for assign in small:
                if type(assign) is not cst.Assign or not reads_any(assign.value, made):
                    continue
                bound = {name for t in assign.targets for name in target_names(t.target)}
                if not bound <= made:
                    made |= bound
                    grew = True
    made.discard(bound_to)
    return reads_any(wrapped, made)


def _own_loop_calls(body: cst.CSTNode, name: str) -> list[cst.Call]:
    """The calls ``name(...)`` inside a ``for``/``while`` of ``body`` (not in nested
    functions)."""
    found: list[cst.Call] = []
    stack: list[tuple[cst.CSTNode, bool]] = [(body, False)]
    while stack:
        node, looped = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if looped and type(node) is cst.Call and type(node.func) is cst.Name \
                and node.func.value == name:
            found.append(node)
        inner = looped or isinstance(node, (cst.For, cst.While))
        stack.extend((child, inner) for child in children(node))
    return found


Origins = dict[str, set[str]]


def _parameter_origins(ctx: Context, unit: Unit) -> tuple[Origins, Origins]:
    """Each parameter of ``unit`` (not ``self``/``cls``) and each local made from one,
    followed through the local bindings -> the parameters its value is made from; and each
    local -> the parameters that give its shape: passed where a shape or size goes
    (``W = randn(C.shape[-1], r)``: ``r``; catalog), or the shapes of what it is made from
    (``W = W - lr * grad``)."""
    values: Origins = {name: {name} for name in unit.param_names if name not in ("self", "cls")}
    shapes: Origins = {}
    local = ctx.facts.local_sources(unit)
    # how each name gets its value, and what is stored into it (`hparams["CHUNK"] = n`)
    ways = {name: [value for _, value in found] for name, found in local.sources.items()}
    for name, stored in local.stores.items():
        # only what the function's own names hold: `jax.tree.map(f, x)` stores into no `jax`
        if name in local.sources or name in values:
            ways.setdefault(name, []).extend(stored)
    grew = True
    while grew:
        grew = False
        for name, made_from in ways.items():
            made, shaped = set(values.get(name, ())), set(shapes.get(name, ()))
            for value in made_from:
                if value is None:
                    continue
                for read in free_names(value):
                    made |= values.get(read, set())
                    shaped |= shapes.get(read, set())
                for dimension in _dimension_arguments(ctx, value):
                    for read in _value_reads(dimension):
                        shaped |= values.get(read, set())
            if len(made) > len(values.get(name, ())) or len(shaped) > len(shapes.get(name, ())):
                values[name], shapes[name] = made, shaped
                grew = True
    return values, shapes


def _dimension_arguments(ctx: Context, value: cst.CSTNode) -> list[cst.BaseExpression]:
    """The arguments of the calls in ``value`` that give the shape of an array they make
    (``jnp.zeros(shape)``, ``np.random.randn(n, r)``)."""
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Lambda, cst.FunctionDef)):
            continue
        if type(node) is cst.Call:
            qual = ctx.qualname(node.func)
            if qual in NUMPY_DIMENSION_CALLS:
                found.extend(a.value for a in node.args if not a.keyword and not a.star)
            for position, keyword in SHAPE_ARGS.get(qual or "", NUMPY_SIZE_ARGS.get(qual or "", ())):
                argument = call_arg(node, position, keyword)
                if argument is not None:
                    found.append(argument)
        push_children(node, stack)
    return found


def _reached(unit: Unit, wrapped: cst.CSTNode) -> tuple[list[cst.FunctionDef | cst.Lambda], set[str]]:
    """The functions ``wrapped`` (a lambda, a nested def or its name, a partial or
    transform call of those) runs, with the nested functions of ``unit`` they name; and the
    names a partial or transform call reads in its other arguments (``task_id=task_id``)."""
    functions: list[cst.FunctionDef | cst.Lambda] = []
    bound: set[str] = set()
    seen: set[int] = set()
    stack: list[cst.CSTNode] = [wrapped]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if type(node) is cst.Name:
            if node.value in unit.nested:
                stack.append(unit.nested[node.value].node)
            else:
                bound.add(node.value)
        elif isinstance(node, (cst.FunctionDef, cst.Lambda)):
            functions.append(node)
            stack.extend(unit.nested[name].node for name in free_names(node) - _bound_inside(node)
                         if name in unit.nested)
        elif type(node) is cst.Call:
            for arg in node.args:
                if isinstance(arg.value, (cst.Name, cst.Lambda, cst.Call)):
                    stack.append(arg.value)
                if not isinstance(arg.value, (cst.Name, cst.Lambda)):
                    bound |= free_names(arg.value)
    return functions, bound


_SHAPING_METHODS = frozenset({"astype", "reshape"})


def _static_reads(ctx: Context, function: cst.FunctionDef | cst.Lambda) -> set[str]:
    """The names of the enclosing scope ``function`` reads where a shape or a dtype goes:
    the arguments of ``.astype``/``.reshape``, of a ``dtype=`` (or ``*_dtype=``) keyword,
    of a catalogued shape parameter. Such a value is part of the traced program, never an
    argument of it."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [function]
    while stack:
        node = stack.pop()
        if type(node) is cst.Call:
            for arg in node.args:
                if arg.keyword is not None and arg.keyword.value.endswith("dtype"):
                    found |= _value_reads(arg.value)
            func = node.func
            if type(func) is cst.Attribute and func.attr.value in _SHAPING_METHODS:
                found.update(*(_value_reads(a.value) for a in node.args if not a.keyword))
            for position, keyword in SHAPE_ARGS.get(ctx.qualname(func) or "", ()):
                argument = call_arg(node, position, keyword)
                if argument is not None:
                    found |= _value_reads(argument)
        push_children(node, stack)
    return found - _bound_inside(function)


def _value_reads(expr: cst.CSTNode) -> set[str]:
    """The names whose value ``expr`` reads, not only their structure: ``x.shape``,
    ``x.dtype`` may stay the same while ``x`` changes (another batch), so they are left out."""
    found: set[str] = set()
    stack: list[cst.CSTNode] = [expr]
    while stack:
        node = stack.pop()
        if type(node) is cst.Attribute and node.attr.value in STRUCTURE_ATTRIBUTES:
            continue
        if type(node) is cst.Name:
            found.add(node.value)
        elif type(node) is cst.Attribute or type(node) is cst.Arg:
            stack.append(node.value)  # not `.attr`, not `keyword=`
        else:
            push_children(node, stack)
    return found


def _changes_each_iteration(ctx: Context, unit: Unit, call: cst.Call, params: set[str]) -> bool:
    """``call`` of ``unit`` passes, for one of ``params``, a value made from a name its
    innermost loop changes on each iteration (:func:`_changing_names`)."""
    passed = unit.arguments_of(call, past_keywords=True)  # `f(task_id, **kwargs)`
    loop = _enclosing_loop(ctx, call)
    if not passed or loop is None:
        return False
    changing = _changing_names(loop)
    return any(reads_any(passed[p], changing) for p in params if p in passed)


def _changing_names(loop: cst.CSTNode) -> set[str]:
    """The names a loop gives another value on each iteration: its targets (and those of
    the loops in it), names updated from themselves (``r *= 2``, ``r = r * 2``), and names
    bound from one of those (``rep = T(k)``; ``C = rep.constraint_matrix()``). A name bound
    to the same expression of unchanged names on every iteration is not one."""
    changing: set[str] = set()
    binds: list[tuple[list[str], cst.CSTNode]] = []
    stack: list[cst.CSTNode] = [loop]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            continue
        if type(node) is cst.For or type(node) is cst.CompFor:
            changing.update(target_names(node.target))
        elif type(node) is cst.AugAssign:
            changing.update(target_names(node.target))
        elif type(node) is cst.Assign:
            binds.append(([n for t in node.targets for n in target_names(t.target)], node.value))
        elif type(node) is cst.NamedExpr:
            binds.append((target_names(node.target), node.value))
        push_children(node, stack)
    changing.update(n for names, value in binds for n in names if reads_any(value, set(names)))
    grew = True
    while grew:
        grew = False
        for names, value in binds:
            if not changing.issuperset(names) and reads_any(value, changing):
                changing.update(names)
                grew = True
    return changing


def _repeated_only_from_loops(ctx: Context, unit: Unit, sites: list[cst.Call]) -> bool:
    """Every call that makes ``unit`` run repeatedly is one of ``sites`` (a call inside a
    loop): none comes from another function itself called repeatedly (``outer`` calling
    ``f(x, 2)``, with ``outer`` called in a loop, passes the same value every time). A call
    of ``unit`` from its own body outside a loop (``return solve(C, r, lr=lr / 3)``, a retry
    on a path that leaves the loop) runs within a call the sites made, not again per site."""
    repeated = repeated_units(ctx)
    inside = {id(site) for site in sites}
    return all(id(call) in inside or caller is unit or id(caller) not in repeated
               for caller, callee, call in ctx.traced_analysis.edges if callee is unit)


def _enclosing_loop(ctx: Context, node: cst.CSTNode) -> cst.CSTNode | None:
    parents = ctx.facts.parents
    current = parents.get(id(node))
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        if isinstance(current, (cst.For, cst.While)) or type(current) in COMPREHENSIONS:
            return current
        current = parents.get(id(current))
    return None


def _bound_inside(function: cst.FunctionDef | cst.Lambda) -> set[str]:
    """Names a function binds itself (its own and its nested functions' parameters, its
    assignments): reads of them are not of the enclosing call (over-approximated, so a
    shadowed name is never taken for the call's value)."""
    bound: set[str] = set()
    stack: list[cst.CSTNode] = [function]
    while stack:
        node = stack.pop()
        if type(node) is cst.Param:
            bound.add(node.name.value)
        elif isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            body = getattr(node, "body", None)
            if body is not None:
                bound |= assigned_in(body)
            if type(node) is cst.FunctionDef and node is not function:
                bound.add(node.name.value)
        push_children(node, stack)
    return bound
