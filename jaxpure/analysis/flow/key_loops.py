"""KeyLoops: a key consumed on every iteration of a loop (JXP302's events).

Python loops and comprehensions, lax loop bodies with a carried or closed-over key, the
function jax.tree.map applies to every leaf, and keys broadcast to a vmapped batch.
"""

from __future__ import annotations


import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.flow.keystate import KeyReuseInLoop
from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.flow.carried import carried_state, passed_back, runs_once
from jaxpure.analysis.syntax import argument_paths
from jaxpure.analysis.catalog.transforms import MAPPING_TRANSFORMS
from jaxpure.analysis.module.keyparams import helper_consumes, parameter_reads
from jaxpure.analysis.module.transform_callees import transformed_function
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import reads_any, returned_values, statements
from jaxpure.analysis.module.traced import Origin


from jaxpure.analysis.syntax import assigned_in, contains, leaves_loop
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.domain import Loop, repeating_loop
from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.keys import _draws_from
from jaxpure.analysis.module.trace_order import loop_name, tree_map_name


class KeyLoops(WalkerBase):
    """Per-iteration key reuse."""

    def flush_loop_reuse(self, loop: Loop, body: cst.BaseSuite | None = None) -> None:
        """Report the per-iteration key reuse found in a loop once its body is walked."""
        if body is not None and not self.ctx.frame.dead:
            last = statements(body)
            if not (last and leaves_loop(last[-1])):
                for name in sorted(loop.consumed_first & loop.assigned):
                    state = self.ctx.frame.keys.get(name)
                    if state is None or state.consumed_by is None or name in loop.reported:
                        continue
                    # `key, sub = split(key); normal(key)`: the body ends with key consumed
                    # (by one draw on each exclusive path), and the next iteration splits it
                    # again; a draw before the loop is not this loop's
                    loop.reported.add(name)
                    kind = "for" if type(loop.node) is cst.For else "while"
                    for draw in (state.consumed_by, *state.elsewhere):
                        if contains(loop.node, draw) and not self.drawn_for_structure(draw):
                            self.pending_loop_reuse.append(
                                (loop, KeyReuseInLoop(name, draw, kind, drawn_after_split=True)))
        keep = []
        for owner, event in self.pending_loop_reuse:
            if owner is loop:
                self.dispatch(event)
            else:
                keep.append((owner, event))
        self.pending_loop_reuse = keep

    def check_loop_reuse(self, name: str, call: cst.Call, state: KeyState) -> None:
        ctx = self.ctx
        alias_of, alias_loop = state.alias_of, state.alias_loop
        root = name.split(".", 1)[0].split("[", 1)[0]  # `v` for the path `v.rng_key`
        loop = repeating_loop(ctx.loops)
        if loop is not None:
            if _aligned_shuffle(ctx, call, loop.assigned):
                return
            # `dropout_key = key` inside the loop still hands out the same key each time
            copied_here = alias_of is not None and alias_loop == id(loop.node)
            fresh = (name in loop.assigned or root in loop.assigned) and \
                (not copied_here or alias_of in loop.assigned)
            if fresh or self.drawn_for_structure(call):
                return  # a new key each time, or numbers nobody reads (`out.shape`)
            if name not in loop.reported or _first_on_path(loop, state):
                loop.reported.add(name)
                kind = {cst.For: "for", cst.While: "while"}.get(type(loop.node), "comprehension")
                self.pending_loop_reuse.append((loop, KeyReuseInLoop(name, call, kind)))
            # reported or not, a later draw on this path repeats this reuse
            loop.reported_draws.add(id(call))
            return
        info = ctx.frame.info
        unit = ctx.frame.unit
        if unit is not None and not unit.binds(root) and self.factory_key(unit, name, call):
            return
        if info is None or unit is None or unit.binds(root):
            return
        mapped = tree_map_name(info)
        leaves = frozenset(p.name for p in unit.params)
        if mapped is not None and (_aligned_shuffle(ctx, call, leaves, rows=True)
                                   or _aligned_by_helper(ctx, call, name, leaves)):
            return
        if info.loop_body or mapped is not None:
            reported = self.closed_over_reported
            if (id(unit), name) not in reported and not self.drawn_for_structure(call):
                reported.add((id(unit), name))
                if info.loop_body:
                    event = KeyReuseInLoop(name, call, loop_name(info), closed_over=True)
                else:
                    # the function jax.tree.map applies runs once per leaf, each time with
                    # the same closed-over key
                    event = KeyReuseInLoop(name, call, mapped or "jax.tree.map",
                                             closed_over=True, per="leaf")
                self.dispatch(event)

    def factory_key(self, unit: Unit, name: str, call: cst.Call) -> bool:
        """``def make_noise(seed): key = PRNGKey(seed); def noise(x): return normal(key, ...);
        return noise``: the key is made once, by the factory, and every call of the function
        it returns draws from it again (reported once per function and key)."""
        parent = unit.parent
        state = self.ctx.key_state(name)
        root = name.split(".", 1)[0].split("[", 1)[0]
        if parent is None or type(unit.node) is not cst.FunctionDef or state is None \
                or state.from_param or root not in parent.assigned:
            return False
        returned = returned_values(parent.node)
        if not returned or not all(type(value) is cst.Name and value.value == unit.name
                                   for value in returned):
            return False
        if (id(unit), name) not in self.closed_over_reported:
            self.closed_over_reported.add((id(unit), name))
            self.dispatch(KeyReuseInLoop(name, call, unit.name, closed_over=True, per="call"))
        return True

    def check_broadcast_key(self, name: str, call: cst.Call, state: KeyState) -> None:
        """``jax.vmap(f, in_axes=(None, 0))(key, xs)`` with f drawing from ``key``: every
        element of the batch draws the same numbers."""
        ctx = self.ctx
        unit = ctx.frame.unit
        param = state.alias_of or name  # `k = key` draws from the parameter too
        if unit is None or unit.param(param) is None:
            return
        qual = ctx.qualname(call.func) or ""
        if qual in R.KEY_PRODUCERS or not qual.startswith("jax.random.") \
                and ctx.resolver.function(call.func, unit) is None \
                and not _transformed_helper_draws(ctx, call, name):
            # split(key, n)[i] with a batched i gives each element its own key; a helper
            # of this module that draws from the key (it is consumed) is a draw too
            return
        if param in assigned_in(unit.node.body):
            return  # rebound somewhere in the body: not (only) the broadcast key
        reported = self.broadcast_reported
        for origin in ctx.traced_analysis.origins:
            if origin.target is not unit or param not in origin.unbatched:
                continue
            if (id(origin.node), param) in reported:
                continue
            if _passes_none(ctx, origin, unit, param):
                continue  # `vmap(f, in_axes=(None, 0))(None, xs)`: no key to broadcast
            reported.add((id(origin.node), param))
            self.dispatch(KeyReuseInLoop(param, origin.node, origin.transform.name,
                                           per="batch", consumed_by=call))

    def check_carried_keys(self, value: cst.BaseExpression) -> None:
        """A lax loop body returning a consumed carry key reuses it next iteration: handed
        back as given, in a record, or in the carry record returned whole or copied with
        other fields replaced (``state._replace(x=x)``: flow/carried.py)."""
        ctx = self.ctx
        info = ctx.frame.info
        if info is None or runs_once(ctx, info):
            return  # `fori_loop(0, 1, body, init)`: there is no next iteration
        reported: set[str] = set()
        for path in passed_back(ctx, value):
            state = ctx.frame.keys.get(path)
            if path in reported or state is None or state.consumed_by is None:
                continue
            if carried_state(ctx, path, state):
                reported.add(path)
                self.dispatch(KeyReuseInLoop(path, state.consumed_by, loop_name(info), carried=True))

    def check_partial_key_mapped(self, call: cst.Call) -> None:
        """``jax.vmap(partial(perturb, key=key))(population)``: the bound key is not mapped,
        so every element of the batch draws from the same key."""
        ctx = self.ctx
        if not call.args or ctx.qualname(call.func) not in MAPPING_TRANSFORMS:
            return
        bound = call.args[0].value
        if type(bound) is not cst.Call or len(bound.args) < 2 or bound.args[0].keyword \
                or ctx.qualname(bound.func) != "functools.partial":
            return
        target = bound.args[0].value
        callee = ctx.resolver.function(target, ctx.frame.unit)
        sampler = ctx.qualname(target) or ""
        positional = [p for p in callee.params if p.index >= 0] if callee is not None else []
        for position, arg in enumerate(bound.args[1:]):
            # a key: an argument the function hands to jax.random, or the key of a sampler
            if callee is not None:
                param = arg.keyword.value if arg.keyword is not None else \
                    positional[position].name if position < len(positional) else None
                if param is None or callee.param(param) is None or not _draws_from(ctx, callee, param):
                    continue
            elif position != 0 or arg.keyword is not None or not (
                    sampler.startswith("jax.random.") and R.consumes(sampler)
                    and sampler not in R.KEY_PRODUCERS):
                continue
            for path in argument_paths(arg.value):
                self.dispatch(KeyReuseInLoop(path, arg.value, ctx.qualname(call.func) or "jax.vmap",
                                               per="bound"))


def _first_on_path(loop: Loop, state: KeyState) -> bool:
    """Whether the path being walked has not drawn from the key (held in ``state``) yet in
    this iteration of ``loop``: none of the draws that left it consumed is on a path whose
    reuse was reported, so this draw, on a path exclusive of theirs, is one of its own."""
    return all(id(draw) not in loop.reported_draws
               for draw in (state.consumed_by, *state.elsewhere))


def _transformed_helper_draws(ctx: Context, call: cst.Call, key: str) -> bool:
    """``grad_fn(model, x, key)`` with ``grad_fn = eqx.filter_value_and_grad(loss)`` and
    ``loss`` a function of this module that draws from the parameter the key fills."""
    helper = transformed_function(ctx.resolver, ctx.index, call.func, ctx.frame.unit)
    passed = helper.arguments_of(call) if helper is not None else None
    params = [name for name, arg in (passed or {}).items()
              if type(arg) is cst.Name and arg.value == key]
    return helper is not None and bool(params) \
        and helper_consumes(ctx.resolver, ctx.index, helper, params[0])


def _passes_none(ctx: Context, origin: Origin, unit: Unit, param: str) -> bool:
    """Whether every call of the transformed function made where it is transformed
    (``jax.vmap(f, ...)(state, None, xs)``) passes the literal ``None`` for ``param``."""
    if unit.parent_is_class:
        return False  # `vmap(self.f, ...)(...)`: the arguments start after self
    calls = origin.container.calls if origin.container is not None else ctx.index.module_calls
    applied = [call for call in calls if call.func is origin.node]
    if not applied:
        return False
    for call in applied:
        passed = unit.arguments_of(call)
        value = passed.get(param) if passed is not None else None
        if not (type(value) is cst.Name and value.value == "None"):
            return False
    return True


def _aligned_shuffle(ctx: Context, call: cst.Call, per_iteration: frozenset[str],
                     rows: bool = False) -> bool:
    """``permutation(key, x)`` where ``x`` is the loop's element (or the leaf a tree.map
    function gets): every array is shuffled the same way, on purpose. The same draw on the
    same operand each iteration (a fixed permutation every epoch) is still reported. With
    ``rows`` (the leaves of one pytree), ``choice`` too: the same rows of every leaf, like
    picking individuals of a population; across separate sequences it is a bug."""
    return _permutes(ctx.qualname(call.func), call, set(per_iteration), rows)


def _aligned_by_helper(ctx: Context, call: cst.Call, name: str,
                       per_iteration: frozenset[str]) -> bool:
    """``preprocess(x, key)`` with the leaf ``x``: a function of this module whose only
    draws from the key parameter are permutations of the parameter the leaf arrives in
    (``x = jax.random.permutation(key, x)``), so every leaf is shuffled alike
    (:func:`_aligned_shuffle`, one call further)."""
    unit = ctx.frame.unit
    callee = ctx.resolver.function(call.func, unit)
    passed = callee.arguments_of(call) if callee is not None else None
    if callee is None or passed is None:
        return False
    keys = [p for p, value in passed.items() if type(value) is cst.Name and value.value == name]
    leaves = {p for p, value in passed.items() if reads_any(value, set(per_iteration))}
    reads = parameter_reads(callee, keys[0]) if len(keys) == 1 and leaves else None
    if not reads:
        return False
    for chain in reads:
        draw = chain[2] if len(chain) > 2 and type(chain[1]) is cst.Arg else None
        if type(draw) is not cst.Call or draw.args[0] is not chain[1] or not _permutes(
                ctx.resolver.qualname(draw.func, callee), draw, leaves, rows=False):
            return False
    return True


def _permutes(qualname: str | None, draw: cst.Call, operands: set[str], rows: bool) -> bool:
    """``draw`` permutes (or, with ``rows``, picks rows of) one of ``operands``."""
    allowed = R.ALIGNING_DRAWS | {"jax.random.choice"} if rows else R.ALIGNING_DRAWS
    if qualname not in allowed or len(draw.args) < 2:
        return False
    operand = draw.args[1].value
    # `x` the loop's element, or `batch[name]` picked by it
    return isinstance(operand, (cst.Name, cst.Subscript)) and reads_any(operand, operands)
