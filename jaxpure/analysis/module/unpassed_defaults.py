"""Parameters that every call of a locally held transformed function leaves at their default.

l2p pmaps its training step twice, as ``functools.partial``s; the review one binds
``config`` and leaves ``cur_task_id: int = -1`` and ``use_prompt_mask=False`` out::

    p_train_step = jax.pmap(functools.partial(train_step, config=config), axis_name="batch")
    ...
    state, metrics = p_train_step(state=state, batch=batch, rng=rng)

The transformed function is held by a local name of the function that applies the
transform, and every read of that name is a call passing neither keyword: the transform
is never handed them, so the function's own defaults fill them in, Python values in the
trace (``if use_prompt_mask:`` is not even taken). This is said only when every use of the
value is seen: the holder is a local of a ``def`` (not ``global``), each read of the name
is the callee of a call with no ``*args``/``**kwargs``, and the default is a literal.
A transform applied on the spot (jax_fdm's ``vmap(normalize_vector, in_axes=(0,))(u)``,
which leaves ``safe_nan: bool = True`` out) has that one call.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog.transforms import Transform
from jaxpure.analysis.module.index import ModuleIndex, Unit
from jaxpure.analysis.module.passed_scalars import scalar_literal
from jaxpure.analysis.syntax import children


def unpassed_defaults(index: ModuleIndex, transform: Transform, container: Unit | None,
                      application: cst.CSTNode, target: Unit, shift: int,
                      bound: set[str]) -> set[str]:
    """The parameters of ``target`` with a literal default that no call of the local name
    holding ``application`` (a transform's call in ``container``) passes; ``shift``
    leading positional parameters are filled before the calls' own (``self``, what the
    partial binds by position), ``bound`` are bound by keyword."""
    if transform.kind != "wrap" or transform.inherit:
        return set()
    calls = _applied_on_the_spot(index, container, application)
    if calls is None:
        if container is None or type(container.node) is not cst.FunctionDef:
            return set()
        holder = holder_name(index, application)
        if holder is None or holder in container.declared_global \
                or holder in container.declared_nonlocal:
            return set()
        calls = _calls_of(container.node, holder)
    if calls is None or any(a.star for call in calls for a in call.args):
        return set()
    candidates = {p.name for p in target.params
                  if not p.star and p.name not in bound and _literal(p.default)}
    positional = [p.name for p in target.params if p.index >= 0 and not p.star][shift:]
    for call in calls:
        args = [a for a in call.args if a.keyword is None]
        candidates -= {a.keyword.value for a in call.args if a.keyword is not None}
        candidates -= set(positional[:len(args)])
    return candidates


def holder_name(index: ModuleIndex, application: cst.CSTNode) -> str | None:
    """The name ``name = <application>`` binds (the index records every plain assignment:
    asked for every transform applied in a function and by trace_order)."""
    return index.assigned_values.get(id(application))


def _applied_on_the_spot(index: ModuleIndex, container: Unit | None,
                         application: cst.CSTNode) -> list[cst.Call] | None:
    """``jax.vmap(f, in_axes=(0,))(u)``: the transformed function is called where it is
    made and nowhere else, so that call is the only one that passes it arguments."""
    if type(application) is not cst.Call:
        return None
    calls = index.module_calls if container is None else container.calls
    for call in calls:
        if call.func is application:
            return [call]
    return None


def _calls_of(function: cst.FunctionDef, name: str) -> list[cst.Call] | None:
    """The calls of ``name`` in ``function`` (nested bodies too); None when the name is
    read any other way (returned, passed on, stored) or a call spreads arguments."""
    calls: list[cst.Call] = []
    stack: list[cst.CSTNode] = [function.body]
    while stack:
        current = stack.pop()
        for child in children(current):
            if type(child) is not cst.Name or child.value != name:
                stack.append(child)
            elif type(current) is cst.Call and current.func is child:
                if any(a.star for a in current.args):
                    return None
                calls.append(current)
            elif type(current) is not cst.AssignTarget:
                return None
    return calls


def _literal(default: cst.BaseExpression | None) -> bool:
    """``-1``, ``False``, ``None``, ``"mean"``: a Python value whatever runs it."""
    if default is None:
        return False
    if type(default) is cst.Name:
        return default.value in ("True", "False", "None")
    return scalar_literal(default) or isinstance(default, (cst.SimpleString,
                                                           cst.ConcatenatedString))
