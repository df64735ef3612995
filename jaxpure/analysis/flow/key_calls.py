"""KeyCalls: what a call does with the keys it is handed, asked by KeyFlow before it marks
them consumed: a function of this module is read (its key parameters only inspected,
handed back or never read are not drawn from), another module's by what the summaries say
of it (module/imported_keys.py), a call whose result is only tested for truth inspects.
"""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.catalog.transforms import BRANCH_PRIMITIVES
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.module.branch_operands import operands_no_branch_draws
from jaxpure.analysis.module.flag_gates import drawn_nothing_by_flag, instance_method, made_receiver
from jaxpure.analysis.module.handed_keys import (
    handed_to_parameter, undrawn_by_given_function, undrawn_by_imported_handed,
)
from jaxpure.analysis.module.imported_keys import undrawn_by_imported
from jaxpure.analysis.module.undrawn_keys import undrawn_by_imported_keys
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.key_entries import entry_uses, inherited_entry_uses
from jaxpure.analysis.module.keyfree_modules import keyfree_init_argument
from jaxpure.analysis.module.keyparams import helper_consumes
from jaxpure.analysis.module.list_stores import stores_in_list
from jaxpure.analysis.module.loop_operands import LOOP_CARRIES, carried_keys_undrawn
from jaxpure.analysis.module.transform_callees import held_function
from jaxpure.analysis.module.randomness_off import switched_off_rng_arguments
from jaxpure.analysis.module.record_fields import field_left_alone
from jaxpure.analysis.syntax import argument_paths

__all__ = ["KeyCalls"]


class KeyCalls(WalkerBase):
    """The arguments of a call that keep their keys undrawn."""

    def arguments_left_undrawn(self, call: cst.Call, qual: str | None) -> set[int] | None:
        """The arguments (ids) of ``call`` whose keys it does not draw from; None for all.

        A function of this module is looked at (also one an attribute holds, ``self._step``
        stored from a factory method: :func:`transform_callees.held_function`): a key parameter it
        only inspects, deletes, hashes or hands back, or never reads, is not consumed (see
        :func:`keyparams.helper_consumes`); nor is one another module's function draws
        from only under a flag the call passes ``False``, or the closure an imported factory
        returns never draws from (module/imported_keys.py). Of other
        calls, only ``jax.random`` ones are known to draw; a predicate (``is_prng_key(key)``,
        ``check_*``/``has_*``) or any call whose result is only tested for truth (``assert``,
        ``if``/``while``/conditional-expression tests, through ``not``/``and``/``or``) turns
        the key into a bool and is taken to inspect it.
        """
        ctx = self.ctx
        callee = self.callee_of(call)
        if callee is not None:
            passed = callee.arguments_of(call, past_keywords=True)
            if passed is None:
                return set()
            kept: set[int] = set()
            for name, value in passed.items():
                if not argument_paths(value):
                    continue
                if not self.consumed_by(callee, name) or self.drawn_where_first_did_not(callee, call, name, value) \
                        or drawn_nothing_by_flag(ctx.resolver, ctx.index, callee, call, name,
                                                 ctx.facts.imported_scan_wrappers) \
                        or self.undrawn_by_function_given(callee, passed, name):
                    kept.add(id(value))
            return kept
        if (qual or "").startswith("jax.random."):
            return set()
        if stores_in_list(ctx.index, call, ctx.frame.unit):  # `seq.append((key, state))`
            return {id(arg.value) for arg in call.args}
        unread = keyfree_init_argument(ctx.index, ctx.resolver, call, ctx.frame.unit)
        if unread is not None:  # `Temperature().init(rng)` of a module that reads no key
            return {id(unread)}
        method = instance_method(ctx.resolver, ctx.index, call.func, ctx.frame.unit)
        passed = method.arguments_of(call) if method is not None else None
        if method is not None and passed is not None:
            # `ds.loader(data, rng=rng, shuffle=False)`, `ds = Dataset(...)` bound once (or
            # a parameter annotated with the class): the method's key never drawn from
            # (`partitioner.setup(task, key)` keeping it for its shape), or only under the
            # flag the call passes False
            exact = made_receiver(ctx.index, call.func, ctx.frame.unit)
            kept = {id(value) for name, value in passed.items() if argument_paths(value)
                    and (not self.consumed_by(method, name, exact)
                         or drawn_nothing_by_flag(ctx.resolver, ctx.index, method, call, name,
                                                  ctx.facts.imported_scan_wrappers))}
            if kept:
                return kept
        kept = undrawn_by_imported(ctx.facts.imported_key_gates, ctx.facts.imported_closure_keys,
                                   ctx.resolver, ctx.index, call, qual, ctx.frame.unit)
        kept |= undrawn_by_imported_handed(ctx.facts.imported_handed_keys, ctx.resolver,
                                           ctx.index, call, qual, ctx.frame.unit)
        kept |= undrawn_by_imported_keys(ctx.resolver, ctx.index, call, qual, ctx.frame.unit)
        if kept:  # `create_input_iter(key, ..., train=False)`, `init_fn(key, shape)`
            return kept
        if qual in BRANCH_PRIMITIVES:  # `lax.cond(p, f, g, key)` whose f and g ignore the key
            return operands_no_branch_draws(ctx.resolver, ctx.index, call, qual, ctx.frame.unit)
        if qual in LOOP_CARRIES:  # a carried key the body only splits and carries on
            return carried_keys_undrawn(ctx.resolver, ctx.index, call, qual, ctx.frame.unit)
        if R.predicate_name(dotted_name(call.func)) or self.truth_tested(call):
            return None
        # `forward(x, rngs={"dropout": key}, is_training=False)` of a callable not seen:
        # the flag switches its draws off
        return switched_off_rng_arguments(call)

    def consumed_by(self, callee: Unit, name: str, exact: bool = False) -> bool:
        """Whether ``callee`` may draw from its key parameter ``name`` (asked once);
        ``exact``: called on an instance made by calling its class (helper_consumes)."""
        ctx = self.ctx
        cache = ctx.facts.helper_consumes
        consumes = cache.get((id(callee), name, exact))
        if consumes is None:
            consumes = cache[(id(callee), name, exact)] = helper_consumes(
                ctx.resolver, ctx.index, callee, name, exact=exact)
        return consumes

    def undrawn_by_function_given(self, callee: Unit, passed: dict[str, cst.BaseExpression],
                                  name: str) -> bool:
        """Whether ``callee`` only hands its parameter ``name`` to a function parameter
        (module/handed_keys.py) for which the call gives a function that draws nothing
        from it (``build(init_params, key)`` with ``def init_params(key): return {}``)."""
        ctx = self.ctx
        memo = ctx.facts.handed_keys
        if (id(callee), name) not in memo:
            memo[(id(callee), name)] = handed_to_parameter(ctx.resolver, ctx.index, callee, name)
        handoff = memo[(id(callee), name)]
        return handoff is not None and undrawn_by_given_function(
            ctx.resolver, ctx.index, passed.get(handoff[0]), handoff[1], ctx.frame.unit)

    def callee_of(self, call: cst.Call) -> Unit | None:
        """The function of this module ``call`` runs, if known."""
        ctx = self.ctx
        return ctx.resolver.function(call.func, ctx.frame.unit) \
            or self.transformed_function(call.func) \
            or held_function(ctx.resolver, ctx.index, call.func, ctx.frame.unit)

    def field_left_by_callee(self, call: cst.Call, value: cst.BaseExpression, path: str) -> bool:
        """Whether the function of this module ``call`` runs leaves the key field ``path``
        (``training_state.key``) of the record ``value`` it is handed alone: it reads other
        fields of it only (module/record_fields.py)."""
        if type(value) is not cst.Name or not path.startswith(value.value + ".") \
                or "." in path[len(value.value) + 1:] or "[" in path:
            return False
        callee = self.callee_of(call)
        passed = callee.arguments_of(call, past_keywords=True) if callee is not None else None
        param = next((name for name, given in (passed or {}).items() if given is value), None)
        return callee is not None and param is not None and field_left_alone(
            self.ctx.resolver, self.ctx.index, callee, param, path[len(value.value) + 1:])

    def entry_uses(self, call: cst.Call) -> dict[str, str]:
        """What ``call``'s callee does with keys in dicts it gets whole (``info["rng"]``)."""
        held = {arg.value.value: entries for arg in call.args if type(arg.value) is cst.Name
                for entries in [self.held_keys([arg.value.value])[1:]] if entries}
        if not held:
            return {}
        ctx = self.ctx
        callee = self.callee_of(call)
        if callee is None:  # `self._get_obs(data, info)` of a base class
            return inherited_entry_uses(ctx.resolver, ctx.index, ctx.facts.entry_uses,
                                        ctx.facts.entry_answers, ctx.entry_asks,
                                        ctx.frame.unit, call, held) \
                if ctx.frame.unit is not None else {}
        return entry_uses(ctx.resolver, ctx.index, ctx.facts.entry_uses, callee, call, held)

    def truth_tested(self, call: cst.Call) -> bool:
        """Whether the value of ``call`` (at the top of the expression stack) is only
        tested for truth: ``assert f(k)``, ``if not f(k) and x:``, ``a if f(k) else b``."""
        stack = self.ctx.stack
        node: cst.CSTNode = call
        for parent in reversed(stack[:-1]):
            if id(node) in self.tests:
                return True
            if type(parent) is cst.BooleanOperation or type(parent) is cst.UnaryOperation \
                    and type(parent.operator) is cst.Not:
                node = parent
                continue
            return type(parent) is cst.IfExp and parent.test is node
        return id(node) in self.tests
