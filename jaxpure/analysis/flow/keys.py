"""KeyFlow: the state of every PRNG key along the walk, and THE place JXP301 is decided.

A key is bound by ``split``/``key``/a parameter, consumed by a call that draws from it, and
reported (a ``KeyReuse`` event) when consumed again on a path where it already was. The
exemptions (side by side in one statement...) are here too; which arguments a call leaves
undrawn is key_calls.py's, the reuses made on purpose (results compared, a test's idioms)
key_idioms.py's.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.catalog.transforms import LAX_CONSUMERS, TRANSFORMS
from jaxpure.analysis.flow.keystate import SHARED_KEYS, KeyReuse, KeyState
from jaxpure.analysis.syntax import (
    argument_paths, array_of_keys, push_children, key_path, reads_any, target_names,
)
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.imports import dotted_name
from jaxpure.analysis.module.keyparams import consumes_alone, draw_free, helper_consumes
from jaxpure.analysis.module.overrides import handed_back, method_alternatives, same_parameter
from jaxpure.analysis.module.key_entries import REPLACED, UNREAD


from jaxpure.analysis.flow.assertions import assigned_names, compares, statements_in_order
from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.domain import copying_loop, from_param
from jaxpure.analysis.flow.carried import stores_in_carry
from jaxpure.analysis.flow.fold_in import FoldIns
from jaxpure.analysis.flow.key_calls import KeyCalls


class KeyFlow(FoldIns, KeyCalls):
    """Binding and consuming keys."""

    def bind_path(self, target: cst.Attribute | cst.Subscript, new_key: bool) -> None:
        """``self.key = ...``: whatever key the attribute or entry held is gone."""
        path = key_path(target)
        if path is not None:
            self.bind_key_path(path, new_key)

    def bind_key_path(self, path: str, new_key: bool) -> None:
        """The attribute or entry at ``path`` is bound anew (a new key with ``new_key``)."""
        frame = self.ctx.frame
        if self.ctx.loops:
            self.ctx.loops[-1].seen.add(path)
        frame.keys.pop(path, None)
        if new_key:
            frame.keys[path] = KeyState()

    def forget_key_paths(self, name: str) -> None:
        """``name`` is bound anew (``rngs = ...``, ``key, *subkeys = split(key, 3)``): the
        keys kept in its entries and attributes (``rngs["dropout"]``, ``subkeys[1]``) are
        gone with the old value."""
        keys = self.ctx.frame.keys
        for path in [k for k in keys if k.startswith((name + ".", name + "["))]:
            del keys[path]

    def bind_key_entries(self, name: str, value: cst.Dict) -> None:
        """``rngs = {"params": key, "dropout": key}``: each entry holds the key it is built
        from, and entries built from one key (and the key itself) share it."""
        frame = self.ctx.frame
        entries: dict[str, list[str]] = {}
        for element in value.elements:
            if type(element) is cst.DictElement and type(element.value) is cst.Name \
                    and type(element.key) is cst.SimpleString \
                    and isinstance(element.key.evaluated_value, str):
                path = f"{name}[{element.key.evaluated_value!r}]"
                entries.setdefault(element.value.value, []).append(path)
                frame.entry_nodes[path] = element.value
        for source, paths in entries.items():
            state = self.ctx.key_state(source)
            if state is None:
                continue
            token = next(SHARED_KEYS)
            frame.keys[source] = replace(state, shared=token)
            for path in paths:
                frame.keys[path] = replace(state, alias_of=state.alias_of or source,
                                           shared=token)

    def keys_passed_back(self, value: cst.BaseExpression | None, width: int) -> dict[int, str]:
        """For ``a, b = helper(key, x)``: the positions of the returned tuple that hand back,
        unchanged, a key the caller passed in (position -> the caller's key name).

        ``self.hook(state, key)`` may run any definition of ``hook`` in the module's classes
        (module/overrides.py), each an alternative path. Where one hands the key back and
        another returns fresh keys (a mixin's split), the rebound name holds a key usable
        once on either path, unless a definition that hands it back also draws from it:
        on that path it is the spent key (the facts of one path are not mixed with
        another's)."""
        if not type(value) is cst.Call or not self.ctx.frame.keys:
            return {}
        ctx = self.ctx
        callee = ctx.resolver.function(value.func, ctx.frame.unit)
        if callee is None or not type(callee.node) is cst.FunctionDef:
            return {}
        passed = {param: arg.value for param, arg in (callee.arguments_of(value) or {}).items()
                  if type(arg) is cst.Name and ctx.is_key(arg.value)}
        backs = {index: param for index, param in handed_back(callee, width).items()
                 if param in passed}
        if not backs:
            return {}
        others = method_alternatives(ctx.resolver, ctx.index, callee)[1:]
        found: dict[int, str] = {}
        for index, param in backs.items():
            paths = [(callee, param)] + [(other, same_parameter(callee, param, other))
                                         for other in others]
            back = [(unit, name) for unit, name in paths
                    if name is not None and handed_back(unit, width).get(index) == name]
            if len(back) == len(paths) or any(consumes_alone(ctx.resolver, ctx.index, unit, name)
                                              for unit, name in back):
                found[index] = passed[param]
        return found

    def sampler_key(self, value: cst.BaseExpression) -> str | None:
        """The key bound by ``partial(jax.random.normal, key)``: a sampler that draws from
        it on every call."""
        ctx = self.ctx
        if type(value) is not cst.Call or len(value.args) < 2 or value.args[0].keyword \
                or ctx.qualname(value.func) != "functools.partial":
            return None
        sampler = ctx.qualname(value.args[0].value) or ""
        if not sampler.startswith("jax.random.") or not R.consumes(sampler) \
                or sampler in R.KEY_PRODUCERS:
            return None
        for path in argument_paths(value.args[1].value):
            if ctx.key_state(path) is not None:
                return path
        return None

    def produces_key(self, value: cst.BaseExpression) -> bool:
        if type(value) is cst.Call:
            qual = self.ctx.qualname(value.func)
            return qual in R.KEY_PRODUCERS
        return False

    def key_from(self, name: str, value: cst.BaseExpression | None) -> KeyState | None:
        ctx = self.ctx
        if value is not None:
            constant_fold = self.constant_fold_in(value)
            if constant_fold is not None:
                # fold_in(key, 0) gives the same key each time: a copy of `key` for loops
                return KeyState(alias_of=constant_fold,
                                  alias_loop=copying_loop(ctx.loops))
            if self.produces_key(value):
                return KeyState()
            if type(value) is cst.Name:
                state = ctx.key_state(value.value)
                if state is not None:
                    return KeyState(state.consumed_by, state.from_param,
                                      state.alias_of or value.value,
                                      alias_loop=copying_loop(ctx.loops))
            if type(value) is cst.Subscript and type(value.value) is cst.Name \
                    and ctx.is_key(value.value.value):
                return KeyState()
        if type(value) is cst.Name and value.value == "None":
            return None  # `mask_key = None`: no key on this path (a draw from it would fail)
        if name in ctx.frame.random_names and R.key_like_name(name):
            # `dropout_key = key`: the key this one copies (for the loop rule)
            alias = value.value if type(value) is cst.Name else None
            return KeyState(from_param=value is None or from_param(value, ctx.frame),
                              alias_of=alias,
                              alias_loop=copying_loop(ctx.loops))
        return None

    # -- keys ------------------------------------------------------------------------
    def consume_keys(self, call: cst.Call) -> None:
        ctx = self.ctx
        frame = ctx.frame
        if not frame.keys and (frame.closure is None or not frame.closure[1]) \
                and not frame.key_paths:
            return
        qual = ctx.qualname(call.func)
        if draw_free(call, qual, ctx.qualname(call.func.func)
                     if type(call.func) is cst.Call else None) \
                or ctx.facts.expected_to_raise(call):
            return  # the last statement under `pytest.raises`: what it would draw nobody sees
        if self.key_made_for_fold_in(call) or stores_in_carry(ctx, call, self.statement) \
                or self.copied_into_record(call):
            # `fold_in(PRNGKey(seed), 123)`: a key made from `seed`, then derived;
            # `return State(x, rng)` in a loop body: the key is kept for the next iteration;
            # `meta = meta.replace(rng=rng)`: stored, drawn when the field is (key_records.py)
            return
        kept = self.arguments_left_undrawn(call, qual)
        if kept is None:
            return
        self.check_given_twice(call, kept)
        entries = self.entry_uses(call)
        seen = {name for name, use in entries.items() if use == UNREAD}
        bound = frame.bound_keys.get(call.func.value) if type(call.func) is cst.Name else None
        for arg in call.args if bound is None else [None, *call.args]:
            if arg is not None and id(arg.value) in kept:
                continue
            for name in self.held_keys(_paths_not_kept(arg.value, kept), fields=True) if arg is not None else ([bound] if bound else []):
                if name in seen or arg is not None and "." in name \
                        and self.field_left_by_callee(call, arg.value, name):
                    continue  # (a record's key field its callee never reads)
                seen.add(name)
                state = ctx.key_state(name)
                if state is None and ("." in name or "[" in name) and (
                        name in ctx.frame.random_names or _element_of_split(ctx, name)):
                    # `self.key` / `rngs["dropout"]` handed to jax.random, `keys[0]` of
                    # `keys = split(key, 3)`: a key kept in an object, a dict or an array
                    # of keys, tracked by its path from first use
                    state = KeyState()
                if state is None:
                    continue
                if state.consumed_by is not None and (
                        self.drawn_for_structure(call) or self.draw_result_dead(call)):
                    continue  # its numbers reach nothing: the key stays as the last use left it
                if state.consumed_by is not None \
                        and not self.side_by_side_compared(call, state.consumed_by) \
                        and not self.compared_in_one_statement(state.consumed_by) \
                        and not self.first_draw_unread(state.consumed_by, call) \
                        and not self.first_result_dead(state) \
                        and not self.results_compared(state.consumed_by) \
                        and not self.test_idiom(call, state.consumed_by) \
                        and not self.constant_key_rerun(name, call, state.consumed_by) \
                        and not self.smoke_run(name) and not self.traced_for_shapes_only() and (
                    _is_random_call(ctx, call) or _is_random_call(ctx, state.consumed_by)
                    or _is_plain_call(call) and _is_plain_call(state.consumed_by)
                    or _two_functions(ctx, call, state.consumed_by)
                    and not self.second_result_checked(state.consumed_by)
                ) and not self.drawn_for_structure(state.consumed_by):
                    # one key to two helpers draws twice; but comparing two transforms of
                    # one function on the same key (jax.grad(f)(key, x) beside f(key, x))
                    # is deliberate, so calls of transformed functions need a jax.random draw
                    # or two different functions (jit(env.reset)(rng=key), env.step(s, key))
                    self.dispatch(KeyReuse(name, call, state.consumed_by, state.consumed_as))
                self.check_per_iteration(name, call, state)
                self.record_consumption(name, state, call, self.mark_consumed(state, call, name))
        for name, use in entries.items():
            if use == REPLACED:  # `info["rng"], k = split(info["rng"])` in the callee
                frame.keys[name] = KeyState(shared=next(SHARED_KEYS))

    def check_per_iteration(self, name: str, call: cst.Call, state: KeyState) -> None:
        """``call`` consumes ``name`` (in ``state``): again on every iteration of the loop
        around it, or for every element of the batch a vmap broadcasts the key to."""
        info = self.ctx.frame.info
        self.check_loop_reuse(name, call, state)
        if state.from_param and info is not None and info.unbatched_params:
            self.check_broadcast_key(name, call, state)

    def record_consumption(self, name: str, state: KeyState, call: cst.Call,
                           consumed: KeyState) -> None:
        """``call`` consumes the key ``name`` held in ``state``: it holds ``consumed`` from
        now on, and so does every other name holding the same key."""
        ctx = self.ctx
        if ctx.loops and name not in ctx.loops[-1].seen:
            ctx.loops[-1].seen.add(name)
            ctx.loops[-1].consumed_first.add(name)
        ctx.frame.keys[name] = consumed
        if state.shared is not None:
            # the same key under other names (`rngs["params"]`, `rngs["dropout"]`)
            for other, other_state in list(ctx.frame.keys.items()):
                if other != name and other_state.shared == state.shared \
                        and other_state.consumed_by is None:
                    ctx.frame.keys[other] = replace(other_state, consumed_by=call,
                                                    consumed_as=name)
        self.consumed_in[id(call)] = self.statement
        self.consumed_line[id(call)] = self.lines[-1] if self.lines else None

    def check_given_twice(self, call: cst.Call, kept: set[int]) -> None:
        """``actor.init(key, obs, 1.0, key)`` or ``init({"params": rng, "dropout": rng}, x)``
        (also through a dict built so and passed whole): one call gets one key in two of its
        arguments or rng streams, and the two draw the same numbers."""
        if self.given_twice_in_test(call):
            return
        ctx = self.ctx
        held: dict[str, cst.CSTNode] = {}
        for arg in call.args:
            if id(arg.value) in kept:
                continue
            for path, node in _key_arguments(arg.value):
                for each, where in [(path, node)] + [
                        (entry, ctx.frame.entry_nodes.get(entry, node))
                        for entry in self.held_keys([path])[1:]]:
                    state = ctx.key_state(each)
                    if state is None or state.consumed_by is not None:
                        continue
                    source = state.alias_of if "[" in each and state.alias_of else each
                    if source in held and held[source] is not where:
                        self.dispatch(KeyReuse(source, where, held[source],  # type: ignore[arg-type]
                                               given_twice=True))
                        return
                    held[source] = where

    def side_by_side_compared(self, call: cst.Call, first: cst.CSTNode) -> bool:
        """``a = looped.init(key, x)``, ``b = stacked.init(key, x)``, then ``b`` checked
        (``assert_allclose(a, b)``, or against a reference): two implementations of one thing
        fed the same key on purpose, to compare them. Results used unchecked (``state =
        jit(env.reset)(rng=key)``, ``eval_state = jit(eval_env.reset)(rng=key)``) are two
        draws from one key."""
        return _side_by_side(self.ctx, call, first) and self.second_result_checked(first)

    def constant_key_rerun(self, name: str, call: cst.Call, first: cst.CSTNode) -> bool:
        """``prior(PRIOR_RNG, n)`` and later ``prior(PRIOR_RNG, m)`` in module-level code (a
        script, a notebook's cells): one computation run again with a key named as a
        constant, which is fixed on purpose so that the runs share their draws. Two different
        draws from it (``normal(KEY)``, ``uniform(KEY)``) are still a reuse."""
        return self.ctx.frame.unit is None and bool(R.CONSTANT_NAME.match(name)) \
            and name in self.ctx.index.bindings and type(first) is cst.Call \
            and self.ctx.module.code_for_node(first.func) == self.ctx.module.code_for_node(call.func)

    def second_result_checked(self, first: cst.CSTNode) -> bool:
        """Whether the result of the call being walked (``b = stacked.init(key, x)``, its
        line after the one of ``first``) is checked later in the block, itself or through
        what is computed from it; True when the two are not lines of one block, or the
        first is not a one-assignment line (too little is known to call it a reuse)."""
        where = self.consumed_line.get(id(first))
        if where is None or not self.lines or where[0] is not self.lines[-1][0]:
            return True
        body, i = where
        j = self.lines[-1][1]
        first_names, names = assigned_names(body[i]), assigned_names(body[j])
        if not first_names or first_names & names:
            return True
        if not names:
            return compares(body[j])  # `return env.step(state, a, key)`: used, not kept
        derived: set[str] = set()
        for line in statements_in_order(body[j + 1:]):
            # the second result checked (against the first or a reference), itself or what
            # is computed right from it (`out_2 = b.apply(params_2, x)`; not further: in a
            # test everything ends up in some assertion); statement by statement, so a
            # loop that reads the result and compares something else checks nothing
            if type(line) is cst.For:
                if reads_any(line.iter, names | derived):
                    derived.update(target_names(line.target))
                continue
            if reads_any(line, names | derived):
                if compares(line):
                    return True
                if reads_any(line, names):
                    derived.update(assigned_names(line))
        return False

    def held_keys(self, paths: list[str], fields: bool = False) -> list[str]:
        """``paths`` and, for a dict among them built from keys (``carry = {"key": key}``),
        the entries holding a key: a call given the dict is given its keys (with ``fields``,
        also the key fields of a record, ``meta.rng`` of ``meta = Meta(0, rng)``)."""
        keys = self.ctx.frame.keys
        found = list(paths)
        for path in paths:
            if path not in keys and "[" not in path and "." not in path:
                held = (path + "[", path + ".") if fields else (path + "[",)
                found.extend(other for other, state in keys.items() if state.shared is not None
                             and other.startswith(held))
        return found

    def check_returned_keys(self, value: cst.BaseExpression) -> None:
        """``return state, key`` after ``split(key)``, a draw or a lax loop that took ``key``
        in its carry: the caller gets a spent key back, and its next split or draw repeats
        what was drawn here. (A lax loop body's carry is :meth:`check_carried_keys`'s.)"""
        ctx = self.ctx
        frame = ctx.frame
        if frame.unit is None or frame.info is not None and frame.info.loop_body:
            return
        values = [e.value for e in value.elements] if type(value) is cst.Tuple else [value]
        for position, node in enumerate(values):
            if type(node) is not cst.Name:
                continue
            state = frame.keys.get(node.value)
            if state is not None and state.consumed_by is not None \
                    and _spends(ctx, state.consumed_by) \
                    and not _unpacked_by_a_caller(ctx, frame.unit, node.value, position) \
                    and not self.drawn_for_structure(state.consumed_by):
                self.dispatch(KeyReuse(node.value, node, state.consumed_by,
                                       state.consumed_as, returned=True))


    def compared_in_one_statement(self, first: cst.CSTNode) -> bool:
        """``assert_allclose(jax.jit(f)(key, x), f(key, x))``: one statement feeds the same key
        to two computations and asserts on them; the reuse is the point of the test."""
        statement = self.statement
        if statement is None or self.consumed_in.get(id(first)) is not statement:
            return False
        if type(statement) is cst.Assert:
            return True
        stack: list[cst.CSTNode] = [statement]
        while stack:
            node = stack.pop()
            # a call of an assertion, or one passed along: jax.tree.map(assert_close, a, b)
            if type(node) is cst.Name and R.is_assertion(node.value) \
                    or type(node) is cst.Attribute and R.is_assertion(node.attr.value):
                return True
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                continue
            push_children(node, stack)
        return False



def _draws_from(ctx: Context, unit: Unit, param: str) -> bool:
    """``unit`` hands its parameter ``param`` to a ``jax.random`` draw (so it is a key)."""
    return param in ctx.facts.key_params.direct_random_names(unit) \
        and helper_consumes(ctx.resolver, ctx.index, unit, param)


def _element_of_split(ctx: Context, path: str) -> bool:
    """``keys[0]`` where ``keys`` holds keys this function made (``split(key, 3)``)."""
    base = array_of_keys(path)
    if base is None:
        return False
    state = ctx.frame.keys.get(base)
    return state is not None and not state.from_param


def _side_by_side(ctx: Context, call: cst.Call, first: cst.CSTNode) -> bool:
    """``looped.init(key, x)`` then ``stacked.init(key, x)`` (also under ``jax.jit``): the
    same method of two objects."""
    if type(first) is not cst.Call:
        return False
    one, other = _applied_name(ctx, call), _applied_name(ctx, first)
    if one is None or other is None or "." not in one or "." not in other:
        return False
    (base, method), (other_base, other_method) = one.rsplit(".", 1), other.rsplit(".", 1)
    return method == other_method and base != other_base


def _key_arguments(value: cst.BaseExpression) -> list[tuple[str, cst.BaseExpression]]:
    """Where one argument holds keys: itself, or the elements of a literal tuple, list or
    dict (``{"params": rng, "dropout": rng}``), each as (path, node)."""
    if isinstance(value, (cst.Tuple, cst.List)):
        return [found for e in value.elements for found in _key_arguments(e.value)]
    if type(value) is cst.Dict:
        return [found for e in _drawn_streams(value) for found in _key_arguments(e.value)]
    path = key_path(value)
    return [(path, value)] if path is not None else []


def _unpacked_by_a_caller(ctx: Context, unit: Unit, param: str, position: int) -> bool:
    """``key, x = perturb(key, x)`` somewhere in this module, for ``perturb`` handing back
    its parameter ``param`` at ``position``: that caller holds the key in the state the
    call left it (:meth:`KeyFlow.keys_passed_back`), so its own reuse is the one reported."""
    if unit.param(param) is None or param in unit.assigned:
        return False
    parents = ctx.facts.parents
    callers = [(None, ctx.index.module_calls)] + [(u, u.calls) for u in ctx.index.units]
    for caller, calls in callers:
        for call in calls:
            if ctx.resolver.function(call.func, caller) is not unit:
                continue
            passed = (unit.arguments_of(call) or {}).get(param)
            target = parents.get(id(call))
            if type(passed) is cst.Name and type(target) is cst.Assign \
                    and len(target.targets) == 1 \
                    and isinstance(target.targets[0].target, (cst.Tuple, cst.List)):
                elements = target.targets[0].target.elements
                if position < len(elements) and type(elements[position].value) is cst.Name:
                    return True
    return False


def _spends(ctx: Context, node: cst.CSTNode) -> bool:
    """A consumption that certainly used the key up: a ``jax.random`` draw or split, a lax
    loop or branch given it, or a function of this module (an unknown object's method may
    only store the key)."""
    if type(node) is not cst.Call:
        return False
    qual = ctx.qualname(node.func) or ""
    return qual.startswith("jax.random.") or qual in LAX_CONSUMERS \
        or ctx.resolver.function(node.func, ctx.frame.unit) is not None


def _is_plain_call(node: cst.CSTNode) -> bool:
    """``helper(key)`` or ``self.init_layer(key)``, not ``jax.grad(f)(key)``."""
    return type(node) is cst.Call and dotted_name(node.func) is not None


def _applied_name(ctx: Context, call: cst.Call) -> str | None:
    """The function ``call`` runs, by name: ``env.reset`` for ``env.reset(key)`` and for
    ``jax.jit(env.reset)(rng=key)``."""
    func = call.func
    if type(func) is cst.Call and func.args and func.args[0].keyword is None \
            and (ctx.qualname(func.func) or "") in TRANSFORMS:
        func = func.args[0].value
    return dotted_name(func)


def _two_functions(ctx: Context, call: cst.Call, first: cst.CSTNode) -> bool:
    """Two calls, one at least transformed, that hand the key to two functions
    (``jax.jit(env.reset)(rng=key)``, ``env.step(s, a, key)``), not one function beside a
    transform of it (``jax.grad(f)(key, x)`` beside ``f(key, x)``)."""
    if type(first) is not cst.Call:
        return False
    one, other = _applied_name(ctx, call), _applied_name(ctx, first)
    return one is not None and other is not None and one != other


def _paths_not_kept(value: cst.BaseExpression, kept: set[int]) -> list[str]:
    """The key paths an argument hands on, less the elements of a tuple ``kept`` holds
    (``lax.switch(i, fs, (rng_key, state))`` whose branches unpack and ignore the key)."""
    if type(value) is cst.Tuple:
        return [p for e in value.elements if id(e.value) not in kept
                for p in argument_paths(e.value)]
    if type(value) is cst.Dict:
        return [p for e in _drawn_streams(value) for p in argument_paths(e.value)]
    return argument_paths(value)


def _drawn_streams(value: cst.Dict) -> list[cst.DictElement]:
    """The entries of a dict display of keys, less those under a stream name no Flax layer
    draws from (``"batch_stats"``)."""
    return [e for e in value.elements if type(e) is cst.DictElement
            and not (type(e.key) is cst.SimpleString
                     and e.key.evaluated_value in R.UNDRAWN_STREAMS)]


def _is_random_call(ctx: Context, node: cst.CSTNode) -> bool:
    if not type(node) is cst.Call:
        return False
    return (ctx.qualname(node.func) or "").startswith("jax.random.")

