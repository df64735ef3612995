"""Who calls a function and what the callers do with the objects they pass (JXP502): every
call site of a function, when all of them can be seen, and whether a caller could observe
a write into one of the arguments it passed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.catalog.transforms import (
    ARGUMENT_PRESERVING_TRANSFORMS, BRANCH_PRIMITIVES, CARRY_LOOPS,
)
from jaxpure.analysis.module.container_arguments import passed_containers
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.globals import is_main_test
from jaxpure.analysis.module.swaps import swaps
from jaxpure.analysis.syntax import children, mentions, target_names

if TYPE_CHECKING:  # context.py imports no query; keep it that way
    from jaxpure.analysis.context import Context

# transforms whose result takes the function's own arguments: `jax.grad(f)(x, y)`
CALLING_TRANSFORMS = ARGUMENT_PRESERVING_TRANSFORMS | frozenset(
    {"jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.hessian"})


@dataclass(frozen=True)
class CallSite:
    call: cst.Call  # the call that runs the function (`f(x)`, `jax.grad(f)(x)`)
    scope: cst.CSTNode  # the function (or module) the call is in
    statement: cst.CSTNode  # the statement of ``scope``'s body that holds the call
    parent: cst.CSTNode | None  # the node right around the call
    # the call of the function in a lambda that ``call`` runs as a loop body or branch
    # (`lax.fori_loop(0, n, lambda i, s: step(s), state)`), whose parameters it forwards
    inner: cst.Call | None = None
    # the statements that run once after the call's, in the order they run (the rest of
    # its block, then of each block around it, up to the function's body); None inside a
    # loop of the function, where the statements before it run again after it
    later: tuple[cst.CSTNode, ...] | None = None


def call_sites(ctx: Context, unit: Unit) -> list[CallSite] | None:
    """Every call of ``unit`` when each mention of its name is a call, direct, through a
    transform (``jax.grad(f)(x)``) or through the one name or ``self`` attribute a transform
    of it is bound to (``_step = jax.jit(_update)``, ``self._step = jax.jit(self._update)``:
    :func:`_alias_calls`); None when the name escapes (passed on, stored, returned, aliased
    otherwise) or when other modules may call it (a public module-level function outside a
    notebook, a public method outside a script). A nested function is visible only in the function that
    defines it. Memoised per module."""
    return _memo_sites(ctx, unit, seen_only=False)


def seen_call_sites(ctx: Context, unit: Unit) -> list[CallSite] | None:
    """The calls of ``unit`` this module makes, as :func:`call_sites`, for a public function
    too (other modules may call it as well); None when its name escapes."""
    return _memo_sites(ctx, unit, seen_only=True)


def _memo_sites(ctx: Context, unit: Unit, seen_only: bool) -> list[CallSite] | None:
    memo = ctx.facts.call_sites
    key = id(unit) * 2 + seen_only
    if key not in memo:
        sites = _call_sites(ctx, unit, seen_only)
        memo[key] = list(sites) if sites is not None else None
    found = memo[key]
    return None if found is None else [site for site in found if isinstance(site, CallSite)]


def _call_sites(ctx: Context, unit: Unit, seen_only: bool) -> list[CallSite] | None:
    node = unit.node
    if not type(node) is cst.FunctionDef:
        return None
    name = unit.name
    scope: cst.CSTNode = ctx.module if unit.parent is None else unit.parent.node
    if unit.parent is None and not unit.parent_is_class and not ctx.index.unimported \
            and (not name.startswith("_") or name.startswith("__")) and not seen_only:
        return None  # other modules may call it; nothing imports a notebook
    parents = ctx.facts.parents
    mentions: list[cst.BaseExpression] | None = list(_mentions_of_def(scope, node)) \
        if not unit.parent_is_class else _mentions_of_method(ctx, unit)
    if mentions is None:
        return None
    found: list[CallSite] = []
    for mention in mentions:
        call = _call_running(ctx, mention, parents)
        calls = [call] if call is not None else _alias_calls(ctx, mention, parents)
        if calls is None:
            return None
        for call in calls:
            inner, call = _through_lambda(ctx, call, parents)
            where = _statement_in(call, parents)
            if where is None:
                return None
            found.append(CallSite(call, where[0], where[1], parents.get(id(call)), inner,
                                  _later_statements(call, parents)))
    return found


def _through_lambda(ctx: Context, call: cst.Call, parents: dict[int, cst.CSTNode]
                    ) -> tuple[cst.Call | None, cst.Call]:
    """``(step(s), lax.fori_loop(...))`` when ``call`` is the whole body of a lambda that a
    lax loop or branch primitive runs (``lambda i, s: step(s)``): the lambda only forwards
    its parameters, so the primitive's call is where the function runs; else
    ``(None, call)``."""
    holder = parents.get(id(call))
    if type(holder) is not cst.Lambda or holder.body is not call:
        return None, call
    primitive = _primitive_call(ctx, holder, parents)
    return (call, primitive) if primitive is not None else (None, call)


def _mentions_of_def(scope: cst.CSTNode, node: cst.FunctionDef) -> list[cst.Name]:
    """The names ``node.name`` in ``scope`` in source order, from ``node`` on and before
    any later ``def`` of the same name (a test that defines two ``f``s)."""
    name = node.name.value
    found: list[cst.Name] = []
    current: cst.FunctionDef | None = None
    stack: list[cst.CSTNode] = [scope]
    while stack:
        item = stack.pop()
        if type(item) is cst.FunctionDef and item.name.value == name:
            current = item
            stack.extend(reversed([c for c in children(item) if c is not item.name]))
            continue
        if type(item) is cst.Name and item.value == name and current is node:
            found.append(item)
        stack.extend(reversed(list(children(item))))
    return found


def _mentions_of_method(ctx: Context, unit: Unit) -> list[cst.BaseExpression] | None:
    """Every ``receiver.name`` of the module, when the method is the module's only one of
    that name and nothing else names it (a string could): a private method is called by its
    class, through ``self``, or on an instance it names (``model._step(x)``, which passes
    ``model`` for ``self``: :func:`passed_for`); so is a public one of a script (an ``if
    __name__ == "__main__":`` block), which no other module imports. A class named as the
    receiver (``Model.step(model, x)``) passes ``self`` among the arguments: not followed;
    nor is a special method, which Python runs unnamed (``model(x)``)."""
    name = unit.name
    if name.startswith("__") or sum(name in methods for methods in ctx.index.classes.values()) != 1:
        return None  # `model(x)` runs `__call__` unnamed
    private = name.startswith("_") and not name.startswith("__")
    if not private and not _runs_as_script(ctx.module):
        return None
    return _self_attributes_named(ctx, name, others=True)


def _self_attributes_named(ctx: Context, name: str, others: bool) -> list[cst.BaseExpression] | None:
    """Every ``self.name`` of the module (with ``others``, every ``receiver.name`` on a name
    that is no class of the module), or None when another mention exists."""
    classes = ctx.index.classes
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [ctx.module]
    while stack:
        item = stack.pop()
        if type(item) is cst.Attribute and item.attr.value == name:
            receiver = item.value
            if not (type(receiver) is cst.Name and (
                    receiver.value == "self" or others and receiver.value not in classes)):
                return None
            found.append(item)
        stack.extend(reversed(list(children(item))))
    return found


def _runs_as_script(module: cst.Module) -> bool:
    """The module has an ``if __name__ == "__main__":`` block at its top level."""
    return any(type(statement) is cst.If and is_main_test(statement.test)
               for statement in module.body)


def _alias_calls(ctx: Context, mention: cst.BaseExpression,
                 parents: dict[int, cst.CSTNode]) -> list[cst.Call] | None:
    """The calls of the alias a transform of ``mention`` is bound to, when that is all the
    statement does and every mention of the alias is a call: ``_jitted = jax.jit(_prep)``
    (a private module-level name, or a name local to one function) called as
    ``_jitted(meta, x)``, or ``self.jitted = jax.jit(self._prep)`` called as
    ``self.jitted(meta, x)``, which passes its arguments after the bound ``self`` as the
    method's own call would. None otherwise: the alias escapes, or its calls are not all
    seen."""
    arg = parents.get(id(mention))
    transform = parents.get(id(arg)) if type(arg) is cst.Arg else None
    if type(transform) is not cst.Call or not transform.args or transform.args[0] is not arg \
            or arg.keyword is not None or arg.star \
            or ctx.qualname(transform.func) not in ARGUMENT_PRESERVING_TRANSFORMS:
        return None
    assign = parents.get(id(transform))
    if type(assign) is not cst.Assign or assign.value is not transform or len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    mentions: list[cst.BaseExpression] | None
    if type(mention) is cst.Name and type(target) is cst.Name:
        where = _statement_in(transform, parents)
        if where is None or type(where[0]) is cst.Module and not target.value.startswith("_"):
            return None
        mentions = _names_in(where[0], target.value)
    elif type(mention) is cst.Attribute and type(target) is cst.Attribute \
            and type(target.value) is cst.Name and target.value.value == "self" \
            and not any(target.attr.value in methods for methods in ctx.index.classes.values()):
        mentions = _self_attributes_named(ctx, target.attr.value, others=False)
    else:
        return None
    calls: list[cst.Call] = []
    for alias in mentions or ():
        if alias is target:
            continue
        call = parents.get(id(alias))
        if type(call) is not cst.Call or call.func is not alias:
            return None
        calls.append(call)
    return calls if mentions is not None else None


def _names_in(scope: cst.CSTNode, name: str) -> list[cst.BaseExpression]:
    found: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [scope]
    while stack:
        item = stack.pop()
        if type(item) is cst.Name and item.value == name:
            found.append(item)
        stack.extend(children(item))
    return found


def _call_running(ctx: Context, mention: cst.BaseExpression,
                  parents: dict[int, cst.CSTNode]) -> cst.Call | None:
    parent = parents.get(id(mention))
    if type(parent) is cst.Call and parent.func is mention:
        return parent
    primitive = _primitive_call(ctx, mention, parents)
    if primitive is not None:
        return primitive
    arg = parent
    transform = parents.get(id(arg)) if type(arg) is cst.Arg else None
    if type(transform) is cst.Call and transform.args and transform.args[0] is arg \
            and ctx.qualname(transform.func) in CALLING_TRANSFORMS:
        outer = parents.get(id(transform))
        if type(outer) is cst.Call and outer.func is transform:
            return outer
    return None


def _primitive_call(ctx: Context, mention: cst.BaseExpression,
                    parents: dict[int, cst.CSTNode]) -> cst.Call | None:
    """``jax.lax.cond(p, mention, other, state)``, ``jax.lax.switch(i, [.., mention],
    state)`` or a lax loop running ``mention`` as its body (``jax.lax.while_loop(c, mention,
    state)``, ``fori_loop``, ``scan``): the function runs on the operands, or the carry, as
    its arguments (:func:`passed_for`)."""
    arg = parents.get(id(mention))
    if type(arg) is cst.Element:  # a branch listed for lax.switch
        listed = parents.get(id(arg))
        arg = parents.get(id(listed)) if isinstance(listed, (cst.List, cst.Tuple)) else None
        if type(arg) is not cst.Arg or arg.value is not listed:
            return None
    call = parents.get(id(arg)) if type(arg) is cst.Arg else None
    if type(call) is not cst.Call or arg is None or any(a.star for a in call.args):
        return None
    qualname = ctx.qualname(call.func)
    loop = CARRY_LOOPS.get(qualname or "")
    if loop is not None:
        return call if _loop_argument(call, loop[0], loop[1]) is arg else None
    if any(a.keyword for a in call.args):
        return None
    slots = (1, 2) if qualname == "jax.lax.cond" else (1,) if qualname == "jax.lax.switch" else ()
    return call if any(i < len(call.args) and call.args[i] is arg for i in slots) else None


def _loop_argument(call: cst.Call, position: int, keyword: str) -> cst.Arg | None:
    """The argument of a lax loop call at ``position`` or named ``keyword``."""
    for at, arg in enumerate(call.args):
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg
        elif at == position:
            return arg
    return None


def passed_for(ctx: Context, unit: Unit, site: CallSite, param: str,
               before_spreads: bool = False) -> cst.BaseExpression | None:
    """What ``site`` hands ``unit`` for ``param``: an argument of a plain call, the operand
    a lax branch primitive gives its branch in that parameter's position, or the initial
    carry a lax loop gives its body's carry parameter (through a lambda that forwards it,
    ``lambda i, s: step(s)``, when ``site`` has one)."""
    call = site.inner or site.call
    qualname = ctx.qualname(call.func)
    if qualname not in BRANCH_PRIMITIVES and qualname not in CARRY_LOOPS:
        transformed = call.func.args[0].value if type(call.func) is cst.Call and call.func.args \
            else None
        if type(transformed) is cst.Attribute:
            # `jax.grad(self._loss)(params, batch)` runs the bound method: its arguments
            # fill the parameters after `self`, as `self._loss(params, batch)` would
            call = call.with_changes(func=transformed)
        receiver = _receiver_of(unit, call, param)
        if receiver is not None:
            return receiver  # `model.step(x)` passes `model` for `self`
        passed = (unit.arguments_of(call, before_spreads=before_spreads) or {}).get(param)
        if site.inner is None or type(passed) is not cst.Name:
            return passed
        holder = ctx.facts.parents.get(id(site.inner))
        if type(holder) is not cst.Lambda or type(holder.params.star_arg) is cst.Param \
                or holder.params.star_kwarg is not None:
            return None  # `lambda *a: step(*a)`
        names = [p.name.value for p in (*holder.params.posonly_params, *holder.params.params)]
        return _operand_for(ctx, site.call, names, passed.value)
    positional = [p for p in unit.params if p.index >= 0]
    if unit.parent_is_class and not unit.is_staticmethod:
        positional = positional[1:]  # `lax.cond(p, self._on, self._off, state)`: bound
    if any(p.star for p in unit.params):
        return None
    return _operand_for(ctx, call, [p.name for p in positional], param)


def _receiver_of(unit: Unit, call: cst.Call, param: str) -> cst.BaseExpression | None:
    """The receiver ``call`` runs the method ``unit`` on (``model`` of ``model.step(x)``),
    when ``param`` is that method's ``self``: the receiver is passed for it."""
    first = unit.params[0] if unit.params else None
    func = call.func
    if not unit.parent_is_class or unit.is_staticmethod or first is None \
            or first.index != 0 or first.name != param or type(func) is not cst.Attribute:
        return None
    return func.value


def _operand_for(ctx: Context, call: cst.Call, positional: list[str],
                 param: str) -> cst.BaseExpression | None:
    """What the lax primitive ``call`` gives, in parameter ``param``, the function whose
    positional parameters are ``positional``: a branch's operand in that position, a loop
    body's initial carry in its carry parameter (nothing for the loop index or the
    scanned slices, which the loop makes itself)."""
    qualname = ctx.qualname(call.func) or ""
    position = positional.index(param) if param in positional else None
    loop = CARRY_LOOPS.get(qualname)
    if loop is not None:
        init = _loop_argument(call, loop[2], loop[3])
        return init.value if init is not None and position == loop[4] else None
    if qualname not in BRANCH_PRIMITIVES:
        return None
    operands = call.args[3 if qualname == "jax.lax.cond" else 2:]
    return operands[position].value if position is not None and position < len(operands) \
        else None


def _later_statements(node: cst.CSTNode, parents: dict[int, cst.CSTNode]
                      ) -> tuple[cst.CSTNode, ...] | None:
    """What runs once after the simple statement holding ``node``: the statements after it
    in its block, then those after each compound statement around it (an ``if``, ``with``
    or ``try`` runs its block once), up to the function's or module's body; None when a
    loop is around it, or the statement is no simple one."""
    later: list[cst.CSTNode] = []
    current: cst.CSTNode = node
    parent = parents.get(id(current))
    while parent is not None and type(current) is not cst.SimpleStatementLine:
        if isinstance(parent, (cst.Lambda, cst.ClassDef, cst.FunctionDef)):
            return None
        current, parent = parent, parents.get(id(parent))
    while parent is not None:
        if isinstance(parent, (cst.For, cst.While)):
            return None
        body = parent.body if isinstance(parent, (cst.IndentedBlock, cst.Module)) else None
        if isinstance(body, (list, tuple)):
            at = [id(statement) for statement in body].index(id(current))
            later.extend(body[at + 1:])
            if type(parent) is cst.Module or type(parents.get(id(parent))) is cst.FunctionDef:
                return tuple(later)
        if isinstance(parent, (cst.Lambda, cst.ClassDef, cst.FunctionDef)):
            return None
        current, parent = parent, parents.get(id(parent))
    return None


def _statement_in(node: cst.CSTNode,
                  parents: dict[int, cst.CSTNode]) -> tuple[cst.CSTNode, cst.CSTNode] | None:
    """The function (or module) around ``node``, and the statement of its body that holds
    ``node``."""
    current: cst.CSTNode = node
    parent = parents.get(id(current))
    while parent is not None:
        if type(parent) is cst.Module:
            return parent, current
        if type(parent) is cst.IndentedBlock and type(parents.get(id(parent))) is cst.FunctionDef:
            return parents[id(parent)], current
        if isinstance(parent, (cst.Lambda, cst.ClassDef)):
            return None
        current, parent = parent, parents.get(id(parent))
    return None


def write_unobserved(ctx: Context, unit: Unit, param: str,
                     target: cst.BaseExpression | None = None) -> bool:
    """Whether no caller can observe a write into ``param`` (``target``, what is written:
    ``params["student"]``): ``unit`` is called only where all its calls are seen, each
    passes a local name for ``param``, and each caller either rebinds that name to the
    call's result (``params = update(params, grads)``), never reads it after the call (a
    function only called as ``jax.grad(loss)(params)`` that normalises ``params`` locally),
    or sets the written entry anew before it reads the object again (big_vision's distiller
    puts the student's params back into ``params["student"]`` for its loss, and its step
    then stores the updated ones there); or ``unit`` itself puts the value back before it
    returns. A caller that reads its object afterwards sees the write eagerly and not under
    the transform. Nor can a linen parent that builds the container and hands it to its
    submodule (``Block(...)(x, act)``): the submodule runs in the parent's own trace
    (module/container_arguments.py)."""
    if target is not None and swaps(unit.node, target):
        return True  # `saved = state.params` ... `state.params = saved` (module/swaps.py)
    info = ctx.info
    if unit is ctx.unit and info is not None and info.contract is not None \
            and not info.transformed and param in passed_containers(ctx.index, unit):
        return True
    sites = call_sites(ctx, unit)
    if not sites:
        return False
    return _no_caller_observes(ctx, unit, param, sites, target)


def no_seen_caller_observes(ctx: Context, unit: Unit, param: str) -> bool:
    """No call of ``unit`` in this module could observe a write into ``param``, as in
    :func:`write_unobserved`, for calls other modules cannot make: true of a function
    whose name escapes or that this module never calls."""
    sites = seen_call_sites(ctx, unit)
    return sites is None or _no_caller_observes(ctx, unit, param, sites, None)


def _no_caller_observes(ctx: Context, unit: Unit, param: str, sites: list[CallSite],
                        target: cst.BaseExpression | None) -> bool:
    entry = _written_entry(target, param)
    for site in sites:
        passed = passed_for(ctx, unit, site, param, before_spreads=True)
        if not type(passed) is cst.Name:
            return False
        if not (_rebinds_from(site, passed.value) or _unread_after(site, passed.value)
                or entry is not None and _set_anew_before_read(site, passed.value, entry)):
            return False
    return True


def forwarded_write_unobserved(ctx: Context, callers: list[tuple[Unit, str]]) -> bool:
    """Whether no one observes a helper's write into ``param``, which ``callers`` (each a
    transformed function and its parameter) hand it unchanged (``return
    _accelerate_full(state, i)`` in a ``lax.cond`` branch): the write reaches each
    caller's object, and reads in the caller's own trace see it with or without the
    transform, so only the callers' callers could tell, and they cannot when each caller's
    own write into that parameter would go unobserved (:func:`write_unobserved`: the
    branch's operand, rebound to the primitive's result)."""
    return all(write_unobserved(ctx, caller, outer) for caller, outer in callers)


def _written_entry(target: cst.BaseExpression | None, param: str) -> str | None:
    """``"student"`` of ``params["student"]``: the entry a write into ``param`` replaces
    (not one it writes into, ``params["student"]["w"]``, an object others may hold)."""
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name \
            or target.value.value != param:
        return None
    return _string_key(target)


def _string_key(target: cst.Subscript) -> str | None:
    if len(target.slice) != 1 or type(target.slice[0].slice) is not cst.Index:
        return None
    key = target.slice[0].slice.value
    if type(key) is not cst.SimpleString:
        return None
    value = key.evaluated_value
    return value if isinstance(value, str) else None


def _set_anew_before_read(site: CallSite, name: str, entry: str) -> bool:
    """After the call's statement, the first statement that names ``name`` is
    ``name[entry] = value`` with a ``value`` that does not name it: the entry the callee
    wrote is replaced before anything reads it."""
    later = _statements_after(site)
    if later is None:
        return False
    for statement in later:
        if not mentions(statement, name):
            continue
        small = statement.body[0] if type(statement) is cst.SimpleStatementLine \
            and len(statement.body) == 1 else None
        return type(small) is cst.Assign and not mentions(small.value, name) and all(
            type(t.target) is cst.Subscript and type(t.target.value) is cst.Name
            and t.target.value.value == name and _string_key(t.target) == entry
            for t in small.targets)
    return False


def _statements_after(site: CallSite) -> tuple[cst.CSTNode, ...] | None:
    """The statements that run once after the call's (it runs once, not in a loop; in a
    branch, the rest of the branch's block and then what follows the branch)."""
    return site.later


def _rebinds_from(site: CallSite, name: str) -> bool:
    """``name = f(name)`` or ``a, name = f(a, name)``: the old object is out of reach."""
    assign = site.parent
    return type(assign) is cst.Assign and assign.value is site.call \
        and any(name in target_names(t.target) for t in assign.targets)


def _unread_after(site: CallSite, name: str) -> bool:
    """The call runs once (not in a loop) and nothing after its statement names ``name``."""
    later = _statements_after(site)
    return later is not None and not any(mentions(statement, name) for statement in later)
