"""The flow walker: one visit of a module that gives rules their context.

The walker visits a module once, in evaluation order: module statements first, then each
function body, callers before callees (so that a helper knows which of its parameters its
traced callers pass traced values to) and enclosing functions before nested ones (so that a
closure sees what its enclosing function bound). Along the way it keeps, per function, the
kind of every local name (traced / static / ...) and the state of every PRNG key, merging
at branches, and calls each rule's ``visit_<Node>`` handlers with itself as the context.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from dataclasses import replace

import libcst as cst

from jaxpure.analysis import keys as K
from jaxpure.analysis import values as V
from jaxpure.analysis.catalog.transforms import ARGUMENT_PRESERVING_TRANSFORMS, MAPPING_TRANSFORMS
from jaxpure.analysis.index import ModuleIndex, Unit, build_index
from jaxpure.analysis.modules import applied_function, called_model
from jaxpure.analysis.names import dotted_name
from jaxpure.analysis.summary import LIBRARY_PREFIXES
from jaxpure.analysis.syntax import (
    NODE_TYPES,
    child_fields,
    handler_catches,
    positional_args,
    reads_any,
    returned_values,
    statements,
    target_names,
)
from jaxpure.analysis.traced import (
    Origin,
    Resolver,
    TraceInfo,
    TracedAnalysis,
    analyze_traced,
    scalar_literal,
)

from jaxpure.analysis.context import Context, Frame, Handler, Loop


class Walker:
    def __init__(self, ctx: Context, handlers: dict[type, list[Handler]]) -> None:
        self.ctx = ctx
        self.handlers = handlers
        # loop reuse events wait until the loop body is walked: a use followed by
        # break/return happens only once
        self.pending_loop_reuse: list[tuple[Loop, K.KeyReuseInLoop]] = []
        self._statements: dict[type, Callable[..., None] | None] = {}
        self.statement: cst.CSTNode | None = None  # the innermost statement being walked
        # the statement each key-consuming call sits in (id of the call -> statement)
        self.consumed_in: dict[int, cst.CSTNode | None] = {}
        # the statements being walked, innermost last, each as (its block, its index there)
        self.lines: list[tuple[tuple[cst.CSTNode, ...], int]] = []
        # the line each key-consuming call sits in (id of the call -> block, index)
        self.consumed_line: dict[int, tuple[tuple[cst.CSTNode, ...], int] | None] = {}
        # the expressions whose value is only tested for truth (`if`/`while`/`assert` tests)
        self.tests: set[int] = set()

    def dispatch(self, node: object) -> None:
        found = self.handlers.get(type(node))
        if found:
            for handler in found:
                handler(node, self.ctx)

    # -- units -----------------------------------------------------------------------
    def run(self) -> None:
        ctx = self.ctx
        ctx.frame = Frame(None, None)
        self.walk_body(tuple(ctx.module.body))
        ctx.module_env = ctx.frame.env
        for name in ctx.index.global_writes:
            ctx.module_env[name] = V.UNKNOWN  # `global x; x = ...` in a function: any value
        for unit in unit_order(ctx.index, ctx.traced_analysis):
            self.run_unit(unit)

    def run_unit(self, unit: Unit) -> None:
        ctx = self.ctx
        info = ctx.traced_analysis.info.get(id(unit))
        frame = Frame(unit, info, closure=ctx.closures.get(id(unit.node)))
        frame.random_names = random_names(ctx, unit)
        frame.key_paths = any("." in name or "[" in name for name in frame.random_names)
        ctx.frame = frame
        ctx.kind_cache.clear()
        saved_loops, ctx.loops = ctx.loops, []
        self.bind_params(unit, info, frame)
        node = unit.node
        if type(node) is cst.Lambda:
            self.expr(node.body)
            if info is not None and info.loop_body:
                self.check_carried_keys(node.body)
        else:
            self.walk_body(statements(node.body))
        ctx.loops = saved_loops

    def bind_params(self, unit: Unit, info: TraceInfo | None, frame: Frame) -> None:
        callsite = self.ctx.callsite_kinds.get(id(unit), {})
        seeded = self.ctx.seeded_kinds.get(unit.name) if unit.parent is None else None
        if seeded:
            callsite = {**seeded, **{k: V.join(v, seeded[k]) if k in seeded else v
                                     for k, v in callsite.items()}}
        for p in unit.params:
            kind = V.UNKNOWN
            if unit.parent_is_class and p.index == 0 and not unit.is_staticmethod:
                kind = V.STATIC
            elif _REF_NAME.search(p.name):
                # Pallas kernels and jax.new_ref code name their mutable refs `x_ref`;
                # `x_ref[...] = v` is their supported, legal write
                kind = V.REF
            elif info is not None and info.traced:
                kind = self.param_kind(unit, info, p, callsite)
            frame.env[p.name] = kind
            if (p.name in frame.random_names and K.key_like_name(p.name)
                    or K.unambiguous_key_name(p.name) and _may_be_key(p.annotation)
                    or _key_annotation(p.annotation) and not _key_stream(unit, p.name)):
                frame.keys[p.name] = K.KeyState(from_param=True)

    def param_kind(self, unit: Unit, info: TraceInfo, p: object, callsite: dict[str, int]) -> int:
        name = p.name  # type: ignore[attr-defined]
        if name in info.static_params:
            return V.STATIC
        if info.statics_unknown:
            return V.UNKNOWN  # static_argnums given as a variable: any parameter may be static
        if name in info.unbatched_params and (info.caching_via is None
                                              or callsite.get(name) == V.STATIC):
            # vmap passes an in_axes=None argument through; under jit it stays what the
            # caller gives (a static argument of the jitted caller stays a Python value)
            return V.STATIC
        if info.direct and p.index == -1 and not p.star and p.default is not None \
                and info.origins and all(t.kind == "call" for t, _, _ in info.origins):  # type: ignore[attr-defined]
            return V.STATIC  # lax.cond/scan fill positional parameters only: a default stays
        if info.direct:
            annotated = p.annotation is not None and V.annotation_is_array(p.annotation)  # type: ignore[attr-defined]
            if info.filtered:
                # eqx.filter_jit keeps Python scalars static: `throw: bool = True` is one
                python_scalar = type(p.annotation) is cst.Name and \
                    p.annotation.value in V.PYTHON_SCALAR_ANNOTATIONS  # type: ignore[attr-defined]
                return V.STATIC if python_scalar else V.TRACED_ARRAY if annotated else V.UNKNOWN
            if info.loop_body and p.index == 0 and _is_fori_body(info):  # type: ignore[attr-defined]
                return V.TRACED_ARRAY
            if name in info.passed_scalars:
                return V.TRACED_ARRAY  # a caller passes a Python scalar: a 0-d array in the trace
            if p.default is None and V.FLAG_NAME.match(name):  # type: ignore[attr-defined]
                return V.TRACED_ARRAY  # a required `done`/`is_training` is a traced boolean
            if scalar_literal(p.default) and name not in callsite \
                    and p.annotation is None:  # type: ignore[attr-defined]
                # `cut_frac=0.25` that no call in the module passes: the transform never
                # sees it, the function's own default fills it in as a Python float. An
                # annotated one (`training: bool = False`) is an option callers pass, and a
                # passed Python scalar is traced: that stays a finding
                return V.STATIC
            return V.TRACED_ARRAY if annotated else V.TRACED
        if name in callsite:
            return callsite[name]
        if p.default is not None:  # type: ignore[attr-defined]
            return V.STATIC
        if info.custom_rule:
            # residuals, cotangents, primals: what JAX hands the rule, but nondiff_argnums
            return V.STATIC if name in info.custom_rule_static else V.TRACED
        return V.UNKNOWN

    # -- statements ------------------------------------------------------------------
    def stmt(self, node: cst.CSTNode) -> None:
        self.ctx.kind_cache.clear()  # the previous statement may have bound names
        cls = type(node)
        try:
            method = self._statements[cls]
        except KeyError:
            method = self._statements[cls] = getattr(self, "stmt_" + cls.__name__, None)
        outer, self.statement = self.statement, node
        self.ctx.statement = node
        try:
            if method is not None:
                method(node)
                return
            self.dispatch(node)
            for child in _children(node):
                self.expr(child)
        finally:
            self.statement = self.ctx.statement = outer

    def block(self, suite: cst.BaseSuite | None) -> None:
        if suite is None:
            return
        start = len(self.pending_loop_reuse)
        body = statements(suite)
        self.walk_body(body)
        if body and _leaves_loop(body[-1]):
            # the key was used on a path that ends the loop (break / return / raise)
            del self.pending_loop_reuse[start:]

    def walk_body(self, body: tuple[cst.CSTNode, ...]) -> None:
        for index, statement in enumerate(body):
            self.lines.append((body, index))
            self.stmt(statement)
            self.lines.pop()

    def flush_loop_reuse(self, loop: Loop, body: cst.BaseSuite | None = None) -> None:
        """Report the per-iteration key reuse found in a loop once its body is walked."""
        if body is not None and not self.ctx.frame.dead:
            last = statements(body)
            if not (last and _leaves_loop(last[-1])):
                for name in sorted(loop.consumed_first & loop.assigned):
                    state = self.ctx.frame.keys.get(name)
                    if state is not None and state.consumed_by is not None \
                            and name not in loop.reported:
                        # `key, sub = split(key); normal(key)`: the body ends with key
                        # consumed, and the next iteration splits it again
                        loop.reported.add(name)
                        kind = "for" if type(loop.node) is cst.For else "while"
                        self.pending_loop_reuse.append(
                            (loop, K.KeyReuseInLoop(name, state.consumed_by, kind)))
        keep = []
        for owner, event in self.pending_loop_reuse:
            if owner is loop:
                self.dispatch(event)
            else:
                keep.append((owner, event))
        self.pending_loop_reuse = keep

    def stmt_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.dispatch(node)
        for small in node.body:
            self.stmt(small)

    def stmt_Expr(self, node: cst.Expr) -> None:
        self.dispatch(node)
        self.expr(node.value)

    def stmt_Assign(self, node: cst.Assign) -> None:
        self.dispatch(node)
        self.expr(node.value)
        for target in node.targets:
            self.target(target.target)
        for target in node.targets:
            self.bind(target.target, node.value)

    def stmt_AnnAssign(self, node: cst.AnnAssign) -> None:
        self.dispatch(node)
        if node.value is not None:
            self.expr(node.value)
            self.target(node.target)
            self.bind(node.target, node.value)

    def stmt_AugAssign(self, node: cst.AugAssign) -> None:
        self.dispatch(node)
        self.expr(node.value)
        self.target(node.target)
        if type(node.target) is cst.Name:
            name = node.target.value
            frame = self.ctx.frame
            frame.env[name] = V.arith([self.ctx.lookup(name), self.ctx.kind(node.value)])
            frame.keys.pop(name, None)

    def stmt_Assert(self, node: cst.Assert) -> None:
        self.dispatch(node)
        self.tests.add(id(node.test))
        self.expr(node.test)
        if node.msg is not None:
            self.expr(node.msg)

    def stmt_Return(self, node: cst.Return) -> None:
        self.dispatch(node)
        if node.value is not None:
            self.expr(node.value)
            info = self.ctx.frame.info
            if info is not None and info.loop_body:
                self.check_carried_keys(node.value)
        self.ctx.frame.dead = True

    def stmt_Raise(self, node: cst.Raise) -> None:
        self.dispatch(node)
        if node.exc is not None:
            self.expr(node.exc)
        self.ctx.frame.dead = True

    def stmt_Break(self, node: cst.Break) -> None:
        self.dispatch(node)
        self.ctx.frame.dead = True

    stmt_Continue = stmt_Break

    def stmt_Del(self, node: cst.Del) -> None:
        self.dispatch(node)
        self.target(node.target)
        for name in target_names(node.target):
            self.ctx.frame.env.pop(name, None)
            self.ctx.frame.keys.pop(name, None)

    def stmt_Import(self, node: cst.CSTNode) -> None:
        self.dispatch(node)
        for alias in node.names:  # type: ignore[attr-defined]
            name = alias.asname.name if alias.asname else alias.name
            while type(name) is cst.Attribute:
                name = name.value
            if type(name) is cst.Name:
                self.ctx.frame.env[name.value] = V.STATIC  # a module or an imported object

    def stmt_ImportFrom(self, node: cst.ImportFrom) -> None:
        if type(node.names) is cst.ImportStar:
            self.dispatch(node)
            return
        self.stmt_Import(node)

    def stmt_Global(self, node: cst.CSTNode) -> None:
        self.dispatch(node)

    stmt_Nonlocal = stmt_Global
    stmt_Pass = stmt_Global

    def stmt_If(self, node: cst.If) -> None:
        self.dispatch(node)
        self.tests.add(id(node.test))
        self.expr(node.test)
        before = self.snapshot()
        narrowed = _python_type_guard(self.ctx, node.test)
        if narrowed is not None:
            self.ctx.frame.env[narrowed] = V.STATIC  # `if isinstance(x, int):` x is Python
        self.block(node.body)
        after_body = self.snapshot()
        self.restore(before)
        orelse = node.orelse
        if type(orelse) is cst.If:
            self.stmt_If(orelse)
        elif orelse is not None:
            self.dispatch(orelse)
            self.block(orelse.body)
        self.merge(after_body)

    def stmt_For(self, node: cst.For) -> None:
        self.dispatch(node)
        self.expr(node.iter)
        assigned = frozenset(_assigned_in(node.body)) | frozenset(target_names(node.target))
        before = self.snapshot()
        self.bind_iteration(node.target, node.iter)
        self.loop_body(node, Loop(node, assigned, seen=set(target_names(node.target))), before)

    def stmt_While(self, node: cst.While) -> None:
        self.dispatch(node)
        self.tests.add(id(node.test))
        self.expr(node.test)
        assigned = frozenset(_assigned_in(node.body))
        self.loop_body(node, Loop(node, assigned), self.snapshot())

    def loop_body(self, node: cst.For | cst.While, loop: Loop,
                  before: tuple[dict[str, int], dict[str, K.KeyState], bool]) -> None:
        """Walk a loop's body once, join the state with ``before`` (the state on entry: the
        body may not run at all), then walk its ``else``."""
        self.ctx.loops.append(loop)
        self.block(node.body)
        self.ctx.loops.pop()
        self.flush_loop_reuse(loop, node.body)
        self.ctx.frame.dead = False
        self.merge(before)
        if node.orelse is not None:
            self.block(node.orelse.body)

    def stmt_Try(self, node: cst.CSTNode) -> None:
        self.dispatch(node)
        before = self.snapshot()
        self.block(node.body)  # type: ignore[attr-defined]
        if node.orelse is not None:  # type: ignore[attr-defined]
            self.block(node.orelse.body)  # type: ignore[attr-defined]
        outcomes = [self.snapshot()]
        for handler in node.handlers:  # type: ignore[attr-defined]
            self.restore(before)
            self.dispatch(handler)
            if handler.type is not None:
                self.expr(handler.type)
            if handler.name is not None:
                for name in target_names(handler.name.name):
                    self.ctx.frame.env[name] = V.UNKNOWN
            self.block(handler.body)
            outcomes.append(self.snapshot())
        self.restore(outcomes[0])
        for outcome in outcomes[1:]:
            self.merge(outcome)
        self.concrete_after_guard(node)
        if node.finalbody is not None:  # type: ignore[attr-defined]
            self.block(node.finalbody.body)  # type: ignore[attr-defined]

    def concrete_after_guard(self, node: cst.CSTNode) -> None:
        """``try: v = np.asarray(v) except TypeError: return``: past the ``try``, the
        conversion worked, so ``v`` is a concrete NumPy value (a tracer never gets here)."""
        guard = any(_exits(h.body) and handler_catches(h, V.CONCRETIZATION_ERRORS)
                    for h in node.handlers)  # type: ignore[attr-defined]
        if not guard:
            return
        env = self.ctx.frame.env
        for statement in statements(node.body):  # type: ignore[attr-defined]
            for small in statement.body if type(statement) is cst.SimpleStatementLine else ():
                if type(small) is cst.Assign and len(small.targets) == 1 \
                        and type(small.targets[0].target) is cst.Name \
                        and type(small.value) is cst.Call:
                    qual = self.ctx.qualname(small.value.func) or ""
                    if qual.startswith("numpy."):
                        env[small.targets[0].target.value] = V.NUMPY
                    elif qual in ("builtins.int", "builtins.float", "builtins.bool"):
                        env[small.targets[0].target.value] = V.STATIC

    stmt_TryStar = stmt_Try

    def stmt_With(self, node: cst.With) -> None:
        self.dispatch(node)
        eager = False
        for item in node.items:
            self.expr(item.item)
            if type(item.item) is cst.Call \
                    and self.ctx.qualname(item.item.func) == "jax.ensure_compile_time_eval":
                eager = True
            if item.asname is not None:
                for name in target_names(item.asname.name):
                    self.ctx.frame.env[name] = V.UNKNOWN
                    self.ctx.frame.keys.pop(name, None)
        self.ctx.compile_time_eval += eager
        try:
            self.block(node.body)
        finally:
            self.ctx.compile_time_eval -= eager

    def stmt_Match(self, node: cst.CSTNode) -> None:
        self.dispatch(node)
        self.expr(node.subject)  # type: ignore[attr-defined]
        before = self.snapshot()
        outcomes = []
        for case in node.cases:  # type: ignore[attr-defined]
            self.restore(before)
            self.block(case.body)
            outcomes.append(self.snapshot())
        self.restore(before)
        for outcome in outcomes:
            self.merge(outcome)

    def stmt_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.dispatch(node)
        for decorator in node.decorators:
            self.expr(decorator.decorator)
        self.defaults(node.params)
        self.remember_closure(node)
        self.ctx.frame.env[node.name.value] = V.STATIC
        self.ctx.frame.keys.pop(node.name.value, None)

    def stmt_ClassDef(self, node: cst.ClassDef) -> None:
        self.dispatch(node)
        for decorator in node.decorators:
            self.expr(decorator.decorator)
        for arg in (*node.bases, *node.keywords):
            self.expr(arg.value)
        saved = self.snapshot()
        self.block(node.body)
        self.restore(saved)
        self.ctx.frame.env[node.name.value] = V.STATIC

    def defaults(self, params: cst.Parameters) -> None:
        for p in (*params.posonly_params, *params.params, *params.kwonly_params):
            if p.default is not None:
                self.expr(p.default)

    def remember_closure(self, node: cst.CSTNode) -> None:
        frame = self.ctx.frame
        if frame.unit is None:
            return  # module level: module names are looked up in the module env
        env = dict(frame.closure[0]) if frame.closure else {}
        keys = dict(frame.closure[1]) if frame.closure else {}
        env.update(frame.env)
        keys.update(frame.keys)
        self.ctx.closures[id(node)] = (env, keys)

    # -- flow state ------------------------------------------------------------------
    def snapshot(self) -> tuple[dict[str, int], dict[str, K.KeyState], bool]:
        frame = self.ctx.frame
        return dict(frame.env), dict(frame.keys), frame.dead

    def restore(self, state: tuple[dict[str, int], dict[str, K.KeyState], bool]) -> None:
        self.ctx.kind_cache.clear()
        frame = self.ctx.frame
        frame.env, frame.keys, frame.dead = dict(state[0]), dict(state[1]), state[2]

    def merge(self, other: tuple[dict[str, int], dict[str, K.KeyState], bool]) -> None:
        """Join the current state with another path's (a path that returned is dropped)."""
        self.ctx.kind_cache.clear()
        frame = self.ctx.frame
        env, keys, dead = other
        if dead and not frame.dead:
            return
        if frame.dead and not dead:
            frame.env, frame.keys, frame.dead = dict(env), dict(keys), False
            return
        for name, kind in env.items():
            mine = frame.env.get(name)
            frame.env[name] = kind if mine is None else V.join(mine, kind)
        for name, state in keys.items():
            mine_key = frame.keys.get(name)
            if mine_key is None:
                frame.keys[name] = state
            elif mine_key.consumed_by is None and state.consumed_by is not None:
                frame.keys[name] = state

    # -- bindings --------------------------------------------------------------------
    def target(self, target: cst.BaseExpression) -> None:
        """Walk the loads inside an assignment target (``x`` in ``x[i] = v``)."""
        if type(target) is cst.Name:
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.target(element.value)
            return
        if type(target) is cst.StarredElement:
            self.target(target.value)
            return
        saved = self.ctx.in_store
        self.ctx.in_store = True
        self.expr(target)
        self.ctx.in_store = saved

    def bind(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        ctx = self.ctx
        self.ctx.kind_cache.clear()
        frame = ctx.frame
        if isinstance(target, (cst.Attribute, cst.Subscript)):
            self.bind_path(target, value is not None and self.produces_key(value))
            return
        if type(target) is cst.Name:
            name = target.value
            if ctx.loops:
                ctx.loops[-1].seen.add(name)
            if any("." in k or "[" in k for k in frame.keys):
                for path in [k for k in frame.keys if k.startswith((name + ".", name + "["))]:
                    del frame.keys[path]  # `rngs = ...` replaces rngs["dropout"] too
            frame.env[name] = ctx.kind(value) if value is not None else V.UNKNOWN
            bound = self.sampler_key(value) if value is not None else None
            if bound is not None:
                frame.bound_keys[name] = bound
            else:
                frame.bound_keys.pop(name, None)
            if _REF_NAME.search(name) and frame.env[name] != V.TRACED_ARRAY:
                frame.env[name] = V.REF  # `lse_ref = residual_refs[0]`: still a ref
            key = self.key_from(name, value)
            if key is not None:
                frame.keys[name] = key
            else:
                frame.keys.pop(name, None)
            if type(value) is cst.Dict:
                self.bind_key_entries(name, value)
            return
        if isinstance(target, (cst.Tuple, cst.List)):
            if ctx.loops:
                ctx.loops[-1].seen.update(target_names(target))
            elements = target.elements
            values = value.elements if isinstance(value, (cst.Tuple, cst.List)) and \
                len(value.elements) == len(elements) else None
            if values is not None:
                for element, item in zip(elements, values):
                    self.bind(element.value, item.value)
                return
            whole = ctx.kind(value) if value is not None else V.UNKNOWN
            element_kind = V.TRACED if V.is_traced(whole) else (
                V.STATIC if whole == V.STATIC else V.UNKNOWN)
            qual = ctx.qualname(value.func) if type(value) is cst.Call else None
            if whole in (V.ARRAY, V.TRACED_ARRAY) and qual in V.ARRAY_SEQUENCE_FUNCTIONS:
                element_kind = whole  # `q, k, v = jnp.split(qkv, 3)`: each one an array
            static_at = 1 if qual in V.TREE_FLATTENERS and len(elements) == 2 else None
            producer = value is not None and self.produces_key(value)
            passed_back = self.keys_passed_back(value, len(elements))
            for index, element in enumerate(elements):
                if isinstance(element.value, (cst.Attribute, cst.Subscript)):
                    # `self.key, sub = split(self.key)`: the attribute holds a new key
                    self.bind_path(element.value, producer)
                    continue
                for name in target_names(element.value):
                    # `leaves, treedef = tree_flatten(x)`: the treedef is static structure
                    frame.env[name] = V.STATIC if index == static_at else element_kind
                    if index in passed_back:
                        # `key, x = perturb(key, x)` where perturb returns its key as given:
                        # the same key, in the state the call left it
                        state = ctx.key_state(passed_back[index])
                        if state is not None:
                            frame.keys[name] = state
                            continue
                    if producer or self.key_from(name, None) is not None:
                        frame.keys[name] = K.KeyState(
                            from_param=not producer and _from_param(value, frame))
                    else:
                        frame.keys.pop(name, None)
            return
        if type(target) is cst.StarredElement:
            self.bind(target.value, None)

    def bind_path(self, target: cst.Attribute | cst.Subscript, new_key: bool) -> None:
        """``self.key = ...``: whatever key the attribute or entry held is gone."""
        path = K.key_path(target)
        if path is None:
            return
        frame = self.ctx.frame
        if self.ctx.loops:
            self.ctx.loops[-1].seen.add(path)
        frame.keys.pop(path, None)
        if new_key:
            frame.keys[path] = K.KeyState()

    def bind_key_entries(self, name: str, value: cst.Dict) -> None:
        """``rngs = {"params": key, "dropout": key}``: each entry holds the key it is built
        from, and entries built from one key (and the key itself) share it."""
        frame = self.ctx.frame
        entries: dict[str, list[str]] = {}
        for element in value.elements:
            if type(element) is cst.DictElement and type(element.value) is cst.Name \
                    and type(element.key) is cst.SimpleString \
                    and isinstance(element.key.evaluated_value, str):
                entries.setdefault(element.value.value, []).append(
                    f"{name}[{element.key.evaluated_value!r}]")
        for source, paths in entries.items():
            state = self.ctx.key_state(source)
            if state is None:
                continue
            token = next(_SHARED_KEYS)
            frame.keys[source] = replace(state, shared=token)
            for path in paths:
                frame.keys[path] = replace(state, alias_of=state.alias_of or source,
                                           shared=token)

    def bind_iteration(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> None:
        ctx = self.ctx
        self.ctx.kind_cache.clear()
        frame = ctx.frame
        kind = ctx.kind(iterable)
        qual = ctx.qualname(iterable.func) if type(iterable) is cst.Call else None
        if isinstance(target, (cst.Tuple, cst.List)) and isinstance(iterable, (cst.List, cst.Tuple)) \
                and iterable.elements and all(
                    isinstance(e.value, (cst.Tuple, cst.List))
                    and len(e.value.elements) == len(target.elements)
                    and not any(type(i) is cst.StarredElement for i in e.value.elements)
                    for e in iterable.elements):
            # `for row, c0 in [(0, d[0]), (n - 1, d[-1])]`: each target takes its own column
            for position, element in enumerate(target.elements):
                column = [row.value.elements[position].value  # type: ignore[attr-defined]
                          for row in iterable.elements]
                kind = functools.reduce(V.join, [ctx.kind(v) for v in column])
                for name in target_names(element.value):
                    frame.env[name] = kind
                    frame.keys.pop(name, None)
            return
        if qual == "builtins.zip" and isinstance(target, (cst.Tuple, cst.List)) \
                and len(target.elements) == len(iterable.args) \
                and not any(a.star or a.keyword for a in iterable.args):  # type: ignore[attr-defined]
            # `for k, (name, p) in zip(keys, d.items())`: each target from its own iterable
            for element, arg in zip(target.elements, iterable.args):  # type: ignore[attr-defined]
                self.bind_iteration(element.value, arg.value)
            return
        if qual == "builtins.range":
            element = V.STATIC
        elif V.is_traced(kind):
            element = V.TRACED_ARRAY if kind == V.TRACED_ARRAY else V.TRACED
        elif kind == V.STATIC:
            element = V.STATIC
        else:
            element = V.UNKNOWN
        names = target_names(target)
        view = _dict_view(ctx, iterable)
        if qual == "builtins.enumerate" and type(target) is cst.Tuple \
                and len(target.elements) == 2:
            for name in target_names(target.elements[0].value):
                frame.env[name] = V.STATIC
            for name in target_names(target.elements[1].value):
                frame.env[name] = V.TRACED if V.is_traced(kind) else V.UNKNOWN
        elif view is not None and view[0] == "keys":
            # a dict's keys are part of its pytree structure: Python values under a trace
            for name in names:
                frame.env[name] = V.STATIC
        elif view is not None and view[0] == "items" and isinstance(target, (cst.Tuple, cst.List)) \
                and len(target.elements) == 2:
            # `for (k, sectors), w in d.items()`: the key part static, the value part as d
            receiver = ctx.kind(view[1])
            for name in target_names(target.elements[0].value):
                frame.env[name] = V.STATIC
            for name in target_names(target.elements[1].value):
                frame.env[name] = V.TRACED if V.is_traced(receiver) else V.UNKNOWN
        else:
            for name in names:
                frame.env[name] = element
        iter_keys = type(iterable) is cst.Name and ctx.is_key(iterable.value) or \
            self.produces_key(iterable)
        for name in target_names(target):
            if iter_keys:
                frame.keys[name] = K.KeyState()
            else:
                frame.keys.pop(name, None)

    def keys_passed_back(self, value: cst.BaseExpression | None, width: int) -> dict[int, str]:
        """For ``a, b = helper(key, x)``: the positions of the returned tuple that hand back,
        unchanged, a key the caller passed in (position -> the caller's key name)."""
        if not type(value) is cst.Call or not self.ctx.frame.keys:
            return {}
        callee = self.ctx.resolver.function(value.func, self.ctx.frame.unit)
        if callee is None or not type(callee.node) is cst.FunctionDef:
            return {}
        returned = returned_values(callee.node)
        if not returned or not all(type(r) is cst.Tuple and len(r.elements) == width
                                   for r in returned):
            return {}
        passed = {param: arg.value for param, arg in (callee.arguments_of(value) or {}).items()
                  if type(arg) is cst.Name and self.ctx.is_key(arg.value)}
        found: dict[int, str] = {}
        for index in range(width):
            names = {r.elements[index].value.value for r in returned  # type: ignore[attr-defined]
                     if type(r.elements[index].value) is cst.Name}
            if len(names) == 1 and all(type(r.elements[index].value) is cst.Name for r in returned):
                name = names.pop()
                if name in passed and name not in callee.assigned:
                    found[index] = passed[name]
        return found

    def sampler_key(self, value: cst.BaseExpression) -> str | None:
        """The key bound by ``partial(jax.random.normal, key)``: a sampler that draws from
        it on every call."""
        ctx = self.ctx
        if type(value) is not cst.Call or len(value.args) < 2 or value.args[0].keyword \
                or ctx.qualname(value.func) != "functools.partial":
            return None
        sampler = ctx.qualname(value.args[0].value) or ""
        if not sampler.startswith("jax.random.") or not K.consumes(sampler) \
                or sampler in K.KEY_PRODUCERS:
            return None
        for path in K.argument_paths(value.args[1].value):
            if ctx.key_state(path) is not None:
                return path
        return None

    def produces_key(self, value: cst.BaseExpression) -> bool:
        if type(value) is cst.Call:
            qual = self.ctx.qualname(value.func)
            return qual in K.KEY_PRODUCERS
        return False

    def key_from(self, name: str, value: cst.BaseExpression | None) -> K.KeyState | None:
        ctx = self.ctx
        if value is not None:
            constant_fold = _constant_fold_in(ctx, value)
            if constant_fold is not None:
                # fold_in(key, 0) gives the same key each time: a copy of `key` for loops
                return K.KeyState(alias_of=constant_fold,
                                  alias_loop=id(ctx.loops[-1].node) if ctx.loops else None)
            if self.produces_key(value):
                return K.KeyState()
            if type(value) is cst.Name:
                state = ctx.key_state(value.value)
                if state is not None:
                    return K.KeyState(state.consumed_by, state.from_param,
                                      state.alias_of or value.value,
                                      alias_loop=id(ctx.loops[-1].node) if ctx.loops else None)
            if type(value) is cst.Subscript and type(value.value) is cst.Name \
                    and ctx.is_key(value.value.value):
                return K.KeyState()
        if name in ctx.frame.random_names and K.key_like_name(name):
            # `dropout_key = key`: the key this one copies (for the loop rule)
            alias = value.value if type(value) is cst.Name else None
            return K.KeyState(from_param=value is None or _from_param(value, ctx.frame),
                              alias_of=alias,
                              alias_loop=id(ctx.loops[-1].node) if ctx.loops else None)
        return None

    # -- keys ------------------------------------------------------------------------
    def consume_keys(self, call: cst.Call) -> None:
        ctx = self.ctx
        frame = ctx.frame
        if not frame.keys and (frame.closure is None or not frame.closure[1]) \
                and not frame.key_paths:
            return
        qual = ctx.qualname(call.func)
        if K.draw_free(call, qual):
            return
        kept = self.arguments_left_undrawn(call, qual)
        if kept is None:
            return
        seen: set[str] = set()
        bound = frame.bound_keys.get(call.func.value) if type(call.func) is cst.Name else None
        for arg in call.args if bound is None else [None, *call.args]:
            if arg is not None and id(arg.value) in kept:
                continue
            for name in K.argument_paths(arg.value) if arg is not None else [bound]:
                if name in seen:
                    continue
                seen.add(name)
                state = ctx.key_state(name)
                if state is None and ("." in name or "[" in name) and (
                        name in ctx.frame.random_names or _element_of_split(ctx, name)):
                    # `self.key` / `rngs["dropout"]` handed to jax.random, `keys[0]` of
                    # `keys = split(key, 3)`: a key kept in an object, a dict or an array
                    # of keys, tracked by its path from first use
                    state = K.KeyState()
                if state is None:
                    continue
                if state.consumed_by is not None and not _side_by_side(call, state.consumed_by) \
                        and not self.compared_in_one_statement(state.consumed_by) \
                        and not self.first_draw_unread(state.consumed_by, call) and (
                    _is_random_call(ctx, call) or _is_random_call(ctx, state.consumed_by)
                    or (_is_plain_call(call) and _is_plain_call(state.consumed_by))
                ):
                    # one key to two helpers draws twice; but comparing two transforms of
                    # one function on the same key (jax.grad(f)(key, x) beside f(key, x))
                    # is deliberate, so calls of transformed functions need a jax.random draw
                    self.dispatch(K.KeyReuse(name, call, state.consumed_by, state.consumed_as))
                self.check_loop_reuse(name, call, state.alias_of, state.alias_loop)
                if state.from_param and frame.info is not None and frame.info.unbatched_params:
                    self.check_broadcast_key(name, call, state)
                if ctx.loops and name not in ctx.loops[-1].seen:
                    ctx.loops[-1].seen.add(name)
                    ctx.loops[-1].consumed_first.add(name)
                ctx.frame.keys[name] = replace(state, consumed_by=call, consumed_as=None)
                if state.shared is not None:
                    # the same key under other names (`rngs["params"]`, `rngs["dropout"]`)
                    for other, other_state in list(ctx.frame.keys.items()):
                        if other != name and other_state.shared == state.shared \
                                and other_state.consumed_by is None:
                            ctx.frame.keys[other] = replace(other_state, consumed_by=call,
                                                            consumed_as=name)
                self.consumed_in[id(call)] = self.statement
                self.consumed_line[id(call)] = self.lines[-1] if self.lines else None

    def arguments_left_undrawn(self, call: cst.Call, qual: str | None) -> set[int] | None:
        """The arguments (ids) of ``call`` whose keys it does not draw from; None for all.

        A function of this module is looked at: a key parameter it only inspects, deletes,
        hashes or hands back is not consumed (see :func:`keys.helper_consumes`). Of other
        calls, only ``jax.random`` ones are known to draw; a predicate (``is_prng_key(key)``,
        ``check_*``/``has_*``) or any call whose result is only tested for truth (``assert``,
        ``if``/``while``/conditional-expression tests, through ``not``/``and``/``or``) turns
        the key into a bool and is taken to inspect it.
        """
        ctx = self.ctx
        callee = ctx.resolver.function(call.func, ctx.frame.unit)
        if callee is not None:
            passed = callee.arguments_of(call)
            if passed is None:
                return set()
            cache: dict[tuple[int, str], bool] = ctx.state("helper-consumes", dict)  # type: ignore[assignment]
            kept: set[int] = set()
            for name, value in passed.items():
                if not K.argument_paths(value):
                    continue
                consumes = cache.get((id(callee), name))
                if consumes is None:
                    consumes = cache[(id(callee), name)] = K.helper_consumes(
                        ctx.resolver, ctx.index, callee, name)
                if not consumes:
                    kept.add(id(value))
            return kept
        if (qual or "").startswith("jax.random."):
            return set()
        if K.predicate_name(dotted_name(call.func)) or self.truth_tested(call):
            return None
        return set()

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

    def first_draw_unread(self, first: cst.CSTNode, call: cst.Call) -> bool:
        """``a, b = split(key)`` and, before ``a`` or ``b`` is read, ``a, b = split(key)``
        again (a duplicated line): the first results are never read, so nothing drawn from
        the key is used twice."""
        where = self.consumed_line.get(id(first))
        if where is None or not self.lines:
            return False
        body, i = where
        here, j = self.lines[-1]
        if here is not body or j <= i:
            return False
        bound: list[set[str]] = []
        for line, value in ((body[i], first), (body[j], call)):
            small = line.body if type(line) is cst.SimpleStatementLine else ()
            if len(small) != 1 or not type(small[0]) is cst.Assign \
                    or small[0].value is not value \
                    or any(_target_paths(t.target) for t in small[0].targets):
                return False
            bound.append({n for t in small[0].targets for n in target_names(t.target)})
        first_names, names = bound
        return bool(first_names) and first_names <= names and not reads_any(call, first_names) \
            and not any(reads_any(line, first_names) for line in body[i + 1:j])

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
            if type(node) is cst.Name and K.is_assertion(node.value) \
                    or type(node) is cst.Attribute and K.is_assertion(node.attr.value):
                return True
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
                continue
            stack.extend(_children(node))
        return False

    def check_loop_reuse(self, name: str, call: cst.Call, alias_of: str | None = None,
                         alias_loop: int | None = None) -> None:
        ctx = self.ctx
        root = name.split(".", 1)[0].split("[", 1)[0]  # `v` for the path `v.rng_key`
        if ctx.loops:
            loop = ctx.loops[-1]
            if _aligned_shuffle(ctx, call, loop.assigned):
                return
            # `dropout_key = key` inside the loop still hands out the same key each time
            copied_here = alias_of is not None and alias_loop == id(loop.node)
            fresh = (name in loop.assigned or root in loop.assigned) and \
                (not copied_here or alias_of in loop.assigned)
            if not fresh and name not in loop.reported:
                loop.reported.add(name)
                kind = {cst.For: "for", cst.While: "while"}.get(type(loop.node), "comprehension")
                self.pending_loop_reuse.append((loop, K.KeyReuseInLoop(name, call, kind)))
            return
        info = ctx.frame.info
        unit = ctx.frame.unit
        if info is None or unit is None or unit.binds(root):
            return
        mapped = _tree_map_name(info)
        if mapped is not None and _aligned_shuffle(ctx, call, frozenset(p.name for p in unit.params),
                                                   rows=True):
            return
        if info.loop_body or mapped is not None:
            reported = ctx.state("closed-over-keys", set)
            if (id(unit), name) not in reported:  # type: ignore[operator]
                reported.add((id(unit), name))  # type: ignore[attr-defined]
                if info.loop_body:
                    event = K.KeyReuseInLoop(name, call, _loop_name(info), closed_over=True)
                else:
                    # the function jax.tree.map applies runs once per leaf, each time with
                    # the same closed-over key
                    event = K.KeyReuseInLoop(name, call, mapped or "jax.tree.map",
                                             closed_over=True, per="leaf")
                self.dispatch(event)

    def check_broadcast_key(self, name: str, call: cst.Call, state: K.KeyState) -> None:
        """``jax.vmap(f, in_axes=(None, 0))(key, xs)`` with f drawing from ``key``: every
        element of the batch draws the same numbers."""
        ctx = self.ctx
        unit = ctx.frame.unit
        param = state.alias_of or name  # `k = key` draws from the parameter too
        if unit is None or unit.param(param) is None:
            return
        qual = ctx.qualname(call.func) or ""
        if not qual.startswith("jax.random.") or qual in K.KEY_PRODUCERS:
            # split(key, n)[i] with a batched i gives each element its own key
            return
        if param in _assigned_in(unit.node.body):
            return  # rebound somewhere in the body: not (only) the broadcast key
        reported = ctx.state("broadcast-keys", set)
        for origin in ctx.traced_analysis.origins:
            if origin.target is not unit or param not in origin.unbatched:
                continue
            if (id(origin.node), param) in reported:  # type: ignore[operator]
                continue
            if _passes_none(ctx, origin, unit, param):
                continue  # `vmap(f, in_axes=(None, 0))(None, xs)`: no key to broadcast
            reported.add((id(origin.node), param))  # type: ignore[attr-defined]
            self.dispatch(K.KeyReuseInLoop(param, origin.node, origin.transform.name,
                                           per="batch", consumed_by=call))

    def check_carried_keys(self, value: cst.BaseExpression) -> None:
        """A lax loop body returning a consumed carry key reuses it next iteration."""
        ctx = self.ctx
        for name_node in K.argument_names(value):
            state = ctx.frame.keys.get(name_node.value)
            if state is not None and state.consumed_by is not None and state.from_param:
                self.dispatch(K.KeyReuseInLoop(name_node.value, state.consumed_by,
                                               _loop_name(ctx.frame.info), carried=True))

    # -- expressions -----------------------------------------------------------------
    def expr(self, node: cst.CSTNode) -> None:
        ctx = self.ctx
        ctx.stack.append(node)
        t = type(node)
        found = self.handlers.get(t)
        if found:
            for handler in found:
                handler(node, ctx)
        if t is cst.Lambda:
            self.defaults(node.params)  # type: ignore[attr-defined]
            self.remember_closure(node)
        elif t in _COMPREHENSIONS:
            self.comprehension(node)
        elif t is cst.Call:
            self.call(node)  # type: ignore[arg-type]
        elif t is cst.IfExp:
            self.if_expression(node)  # type: ignore[arg-type]
        else:
            for name in child_fields(t):
                value = getattr(node, name)
                if type(value) in NODE_TYPES:
                    self.expr(value)
                elif type(value) is tuple or type(value) is list:
                    for item in value:
                        if type(item) in NODE_TYPES:
                            self.expr(item)
        ctx.stack.pop()

    def if_expression(self, node: cst.IfExp) -> None:
        """``a if c else b``: the branches are alternatives, like an ``if`` statement's
        (``randint(key) if discrete else normal(key)`` draws from the key once)."""
        self.expr(node.test)
        before = self.snapshot()
        self.expr(node.body)
        after_body = self.snapshot()
        self.restore(before)
        self.expr(node.orelse)
        self.merge(after_body)

    def call(self, node: cst.Call) -> None:
        self.expr(node.func)
        for arg in node.args:
            self.expr(arg)
        self.consume_keys(node)
        self.check_partial_key_mapped(node)
        if self.ctx.traced:
            self.record_callsite(node)

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
                    sampler.startswith("jax.random.") and K.consumes(sampler)
                    and sampler not in K.KEY_PRODUCERS):
                continue
            for path in K.argument_paths(arg.value):
                self.dispatch(K.KeyReuseInLoop(path, arg.value, ctx.qualname(call.func) or "jax.vmap",
                                               per="bound"))

    def record_callsite(self, call: cst.Call) -> None:
        ctx = self.ctx
        unit = ctx.frame.unit
        callee = ctx.resolver.function(call.func, unit)
        model = None if callee is not None else called_model(ctx.index, ctx.resolver, call, unit)
        applied = None if callee is not None or model is not None else \
            applied_function(ctx.index, ctx.resolver, call.func, unit)
        if callee is None and model is None and applied is None:
            if self.record_tree_map(call):
                return
            wrapped = self.transformed_callee(call)
            if wrapped is not None:
                self.record_arguments(wrapped, call, 0)
                return
            self.record_external_call(call)
            return
        if applied is not None:
            # `model.apply(variables, x)`: variables in place of self; `net.apply(params,
            # rng, x)`: forward gets what follows params and rng
            callee, shift = applied
        else:
            callee = callee or model
            # `obj.method(x)` and `model(x)` fill the parameters after `self`
            shift = 1 if callee.parent_is_class and (type(call.func) is cst.Attribute
                                                     or model is not None) else 0
        self.record_arguments(callee, call, shift)

    def transformed_callee(self, call: cst.Call) -> Unit | None:
        """``jax.vmap(f, in_axes=...)(a, b)``: f, which gets the arguments as they are (an
        ``in_axes=None`` argument passes through unbatched; mapped ones are traced anyway)."""
        inner = call.func
        if not type(inner) is cst.Call or not inner.args or inner.args[0].keyword \
                or self.ctx.qualname(inner.func) not in ARGUMENT_PRESERVING_TRANSFORMS:
            return None
        return self.ctx.resolver.function(inner.args[0].value, self.ctx.frame.unit)

    def record_arguments(self, callee: Unit, call: cst.Call, shift: int) -> None:
        ctx = self.ctx
        kinds = ctx.callsite_kinds.setdefault(id(callee), {})
        positional = [p for p in callee.params if p.index >= 0]

        def record(name: str, kind: int) -> None:
            kinds[name] = V.join(kinds[name], kind) if name in kinds else kind

        position = shift
        for arg in call.args:
            if arg.keyword is not None:
                record(arg.keyword.value, ctx.kind(arg.value))
                continue
            if arg.star:
                # *args fills the remaining positional parameters, **kwargs the keywords:
                # their elements are traced when the container holds traced values
                spread = V.TRACED if V.is_traced(ctx.kind(arg.value)) else V.UNKNOWN
                remaining = positional[position:] if arg.star == "*" else \
                    [p for p in callee.params if p.index < 0 or p.index >= position]
                for p in remaining:
                    record(p.name, spread)
                continue
            if 0 <= position < len(positional):
                record(positional[position].name, ctx.kind(arg.value))
            position += 1

    def record_tree_map(self, call: cst.Call) -> bool:
        """``jax.tree.map(f, tree, ...)``: f's parameters get the kinds of the leaves."""
        ctx = self.ctx
        qual = ctx.qualname(call.func)
        if qual not in ("jax.tree.map", "jax.tree.map_with_path") or not call.args:
            return False
        callee = ctx.resolver.function(call.args[0].value, ctx.frame.unit)
        if callee is None:
            return True
        kinds = ctx.callsite_kinds.setdefault(id(callee), {})
        positional = [p.name for p in callee.params if p.index >= 0]
        trees = [a.value for a in positional_args(call)[1:]]
        if qual == "jax.tree.map_with_path" and positional:
            kinds[positional[0]] = V.STATIC  # the key path
            positional = positional[1:]
        for name, tree in zip(positional, trees):
            leaf = V.TRACED if V.is_traced(ctx.kind(tree)) else V.UNKNOWN
            kinds[name] = V.join(kinds[name], leaf) if name in kinds else leaf
        return True

    def record_external_call(self, call: cst.Call) -> None:
        ctx = self.ctx
        unit = ctx.frame.unit
        qual = ctx.qualname(call.func)
        if unit is None or qual is None or "." not in qual or qual.startswith(LIBRARY_PREFIXES):
            return
        positional: list[int] = []
        keywords: list[tuple[str, int]] = []
        open_ended = False
        for arg in call.args:
            if arg.star:
                open_ended = True  # later positional kinds are unknown
            elif arg.keyword is not None:
                keywords.append((arg.keyword.value, ctx.kind(arg.value)))
            elif not open_ended:
                positional.append(ctx.kind(arg.value))
        ctx.external_calls.append((unit, qual, tuple(positional), tuple(keywords)))

    def comprehension(self, node: cst.CSTNode) -> None:
        saved = self.snapshot()
        saved_loops = self.ctx.loops
        # a comprehension is a loop: `[normal(key) for _ in range(n)]` reuses key n times
        targets: set[str] = set()
        comp = node.for_in  # type: ignore[attr-defined]
        while comp is not None:
            targets.update(target_names(comp.target))
            comp = comp.inner_for_in
        loop = Loop(node, frozenset(targets), seen=set(targets))
        comp = node.for_in  # type: ignore[attr-defined]
        self.expr(comp.iter)  # the outermost iterable is evaluated once, before the loop
        self.ctx.loops = [loop]
        first = True
        while comp is not None:
            if not first:
                self.expr(comp.iter)
            first = False
            self.bind_iteration(comp.target, comp.iter)
            for condition in comp.ifs:
                self.dispatch(condition)  # with the targets bound: `if norm(g) > 0` of a leaf
                self.tests.add(id(condition.test))
                self.expr(condition.test)
            comp = comp.inner_for_in
        if type(node) is cst.DictComp:
            self.expr(node.key)
            self.expr(node.value)
        else:
            self.expr(node.elt)  # type: ignore[attr-defined]
        self.flush_loop_reuse(loop)
        self.ctx.loops = saved_loops
        self.restore(saved)


_SHARED_KEYS = itertools.count()
_REF_NAME = re.compile(r"(?:^|_)refs?(?:$|_)")
_COMPREHENSIONS = (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)


def _children(node: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    for name in child_fields(type(node)):
        value = getattr(node, name)
        if type(value) in NODE_TYPES:
            found.append(value)
        elif type(value) is tuple or type(value) is list:
            found.extend(item for item in value if type(item) in NODE_TYPES)
    return found


def _assigned_in(body: cst.CSTNode) -> set[str]:
    """Names bound anywhere in a loop body (not descending into nested functions)."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        t = type(node)
        if t in (cst.FunctionDef, cst.Lambda, cst.ClassDef):
            continue
        if t is cst.AssignTarget:
            names.update(target_names(node.target))  # type: ignore[attr-defined]
            # `self.key, sub = split(self.key)` rebinds the key kept in self.key
            names.update(_target_paths(node.target))  # type: ignore[attr-defined]
        elif t in (cst.AugAssign, cst.AnnAssign):
            names.update(target_names(node.target))  # type: ignore[attr-defined]
        elif t in (cst.For, cst.CompFor):
            names.update(target_names(node.target))  # type: ignore[attr-defined]
        elif t is cst.NamedExpr:
            names.update(target_names(node.target))  # type: ignore[attr-defined]
        stack.extend(_children(node))
    return names


def _target_paths(target: cst.BaseExpression) -> list[str]:
    """Attributes and entries bound by an assignment target (``self.key, sub``)."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [p for element in target.elements for p in _target_paths(element.value)]
    path = K.key_path(target) if isinstance(target, (cst.Attribute, cst.Subscript)) else None
    return [path] if path is not None else []


_PYTHON_TYPES = frozenset({"int", "float", "bool", "str", "tuple", "list", "dict", "complex"})


def _leaves_loop(statement: cst.CSTNode) -> bool:
    return type(statement) is cst.SimpleStatementLine and bool(statement.body) and \
        isinstance(statement.body[-1], (cst.Return, cst.Break, cst.Raise))


ORDER_PRESERVING_WRAPPERS = frozenset({"builtins.sorted", "builtins.list", "builtins.tuple",
                                       "builtins.reversed"})


def _dict_view(ctx: Context, iterable: cst.BaseExpression) -> tuple[str, cst.BaseExpression] | None:
    """``d.keys()`` / ``d.items()``, also inside ``sorted(...)``/``list(...)``: the view's name
    and the dict."""
    while type(iterable) is cst.Call and len(iterable.args) == 1 \
            and not iterable.args[0].keyword and not iterable.args[0].star \
            and ctx.qualname(iterable.func) in ORDER_PRESERVING_WRAPPERS:
        iterable = iterable.args[0].value
    if type(iterable) is cst.Call and not iterable.args and type(iterable.func) is cst.Attribute \
            and iterable.func.attr.value in ("keys", "items"):
        return iterable.func.attr.value, iterable.func.value
    return None


def _python_type_guard(ctx: Context, test: cst.BaseExpression) -> str | None:
    """``x`` for ``isinstance(x, int)`` / ``isinstance(x, (int, float))``."""
    if not type(test) is cst.Call or len(test.args) != 2 or \
            ctx.qualname(test.func) != "builtins.isinstance":
        return None
    subject, types = test.args[0].value, test.args[1].value
    names = [e.value for e in types.elements] if type(types) is cst.Tuple else [types]
    if type(subject) is cst.Name and names and all(
        type(n) is cst.Name and n.value in _PYTHON_TYPES for n in names
    ):
        return subject.value
    return None


def _draws_from(ctx: Context, unit: Unit, param: str) -> bool:
    """``unit`` hands its parameter ``param`` to a ``jax.random`` draw (so it is a key)."""
    return param in _direct_random_names(ctx, unit) \
        and K.helper_consumes(ctx.resolver, ctx.index, unit, param)


def _element_of_split(ctx: Context, path: str) -> bool:
    """``keys[0]`` where ``keys`` holds keys this function made (``split(key, 3)``)."""
    base = K.array_of_keys(path)
    if base is None:
        return False
    state = ctx.frame.keys.get(base)
    return state is not None and not state.from_param


def _constant_fold_in(ctx: Context, value: cst.BaseExpression) -> str | None:
    """``fold_in(key, 0)``, or in a loop ``fold_in(key, epoch)`` with ``epoch`` unchanged
    by the loop: the same key on every iteration (the key folded in)."""
    if not (type(value) is cst.Call and len(value.args) == 2
            and type(value.args[0].value) is cst.Name
            and ctx.qualname(value.func) == "jax.random.fold_in"):
        return None
    data = value.args[1].value
    if isinstance(data, (cst.Integer, cst.SimpleString)):
        return value.args[0].value.value
    if type(data) is cst.Name and ctx.loops and data.value not in ctx.loops[-1].assigned \
            and value.args[0].value.value not in ctx.loops[-1].assigned:
        return value.args[0].value.value
    return None


def _side_by_side(call: cst.Call, first: cst.CSTNode) -> bool:
    """``looped.init(key, x)`` then ``stacked.init(key, x)``: two implementations of one
    thing fed the same key on purpose, to compare them."""
    return type(first) is cst.Call and type(call.func) is cst.Attribute \
        and type(first.func) is cst.Attribute \
        and call.func.attr.value == first.func.attr.value \
        and dotted_name(call.func.value) != dotted_name(first.func.value)


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


def _is_plain_call(node: cst.CSTNode) -> bool:
    """``helper(key)`` or ``self.init_layer(key)``, not ``jax.grad(f)(key)``."""
    return type(node) is cst.Call and dotted_name(node.func) is not None


def _is_random_call(ctx: Context, node: cst.CSTNode) -> bool:
    if not type(node) is cst.Call:
        return False
    return (ctx.qualname(node.func) or "").startswith("jax.random.")


def _from_param(value: cst.BaseExpression | None, frame: Frame) -> bool:
    while isinstance(value, (cst.Subscript, cst.Attribute)):
        value = value.value
    if type(value) is cst.Name and frame.unit is not None:
        return frame.unit.param(value.value) is not None
    return False


def _may_be_key(annotation: cst.BaseExpression | None) -> bool:
    """An unannotated `rng`, or one annotated as an array or key (not `np.random.Generator`)."""
    if annotation is None:
        return True
    return _key_annotation(annotation) or V.annotation_is_array(annotation)


def _key_annotation(annotation: cst.BaseExpression | None) -> bool:
    text = dotted_name(annotation) if annotation is not None else None
    return text is not None and text.rsplit(".", 1)[-1] in ("PRNGKey", "PRNGKeyArray", "KeyArray")


def _is_fori_body(info: TraceInfo) -> bool:
    return any(t.name.endswith("fori_loop") for t, _node, _unit in info.origins)


def _tree_map_name(info: TraceInfo) -> str | None:
    """``jax.tree.map`` when the function is the one a tree map applies to every leaf."""
    for t, _node, _unit in info.origins:
        if t.inherit and not t.name.endswith("reduce"):
            return t.name
    return None


def _loop_name(info: TraceInfo | None) -> str:
    if info is not None:
        for t, _node, _unit in info.origins:
            if t.loop:
                return t.name
    return "loop"


def random_names(ctx: Context, unit: Unit) -> frozenset[str]:
    """Names this function (or a function nested in it) passes as keys to jax.random,
    directly or to a key parameter of a function of the same module."""
    names: set[str] = set()
    stack = [unit]
    while stack:
        current = stack.pop()
        names |= _direct_random_names(ctx, current)
        for call in current.calls:
            callee = ctx.resolver.function(call.func, current)
            if callee is None or callee is unit:
                continue
            keys = _direct_random_names(ctx, callee)
            if not keys:
                continue
            positional = [p.name for p in callee.params if p.index >= 0]
            shift = 1 if callee.parent_is_class and type(call.func) is cst.Attribute else 0
            for i, arg in enumerate(positional_args(call)):
                if type(arg.value) is cst.Name and i + shift < len(positional) \
                        and positional[i + shift] in keys:
                    names.add(arg.value.value)
            for arg in call.args:
                if arg.keyword is not None and arg.keyword.value in keys \
                        and type(arg.value) is cst.Name:
                    names.add(arg.value.value)
        stack.extend(u for u in ctx.index.units if u.parent is current)
    return frozenset(names)


def _direct_random_names(ctx: Context, unit: Unit) -> frozenset[str]:
    cache: dict[int, frozenset[str]] = ctx.state("random-names", dict)  # type: ignore[assignment]
    found = cache.get(id(unit))
    if found is None:
        found = cache[id(unit)] = frozenset(
            name for text, name in unit.random_args
            if (ctx.resolver.qualname_text(text, unit) or "").startswith("jax.random.")
        )
    return found


def unit_order(index: ModuleIndex, traced: TracedAnalysis) -> list[Unit]:
    """Enclosing functions before nested ones, traced callers before their callees."""
    callers: dict[int, list[Unit]] = {}
    for caller, callee, _call in traced.edges:
        info = traced.info.get(id(caller))
        if info is not None and info.traced:
            callers.setdefault(id(callee), []).append(caller)
    for origin in traced.origins:
        # `jax.vmap(f, in_axes=(0, None))(x, n)` in a traced function: its arguments first
        if origin.container is not None and origin.container is not origin.target:
            callers.setdefault(id(origin.target), []).append(origin.container)
    order: list[Unit] = []
    state: dict[int, int] = {}  # 1: in progress, 2: done

    def visit(unit: Unit) -> None:
        if state.get(id(unit)):
            return
        state[id(unit)] = 1
        if unit.parent is not None:
            visit(unit.parent)
        for caller in callers.get(id(unit), ()):
            visit(caller)
        state[id(unit)] = 2
        order.append(unit)

    for unit in index.units:
        visit(unit)
    return order


def analyze(
    module: cst.Module,
    handlers: dict[type, list[Handler]],
    *,
    package: str | None = None,
    transforms: dict[str, str] | None = None,
    static_helpers: frozenset[str] = frozenset(),
    seeds: list | None = None,
) -> Context:
    index = build_index(module, package)
    resolver = Resolver(index)
    traced = analyze_traced(index, resolver, transforms or {}, seeds)
    ctx = Context(module, index, resolver, traced, static_helpers)
    for seed in seeds or ():
        ctx.seeded_kinds[seed.function] = _seed_kinds(index, seed, ctx.seeded_kinds.get(seed.function))
    Walker(ctx, handlers).run()
    return ctx


def _seed_kinds(index: ModuleIndex, seed: object, known: dict[str, int] | None) -> dict[str, int]:
    """Parameter kinds of a seeded function from its external call sites (joined)."""
    kinds = dict(known or {})
    unit = index.defs.get(seed.function)  # type: ignore[attr-defined]
    if unit is None:
        return kinds
    positional = [p for p in unit.params if p.index >= 0]
    pairs = list(zip((p.name for p in positional), seed.positional))  # type: ignore[attr-defined]
    pairs += list(seed.keywords)  # type: ignore[attr-defined]
    for name, kind in pairs:
        kinds[name] = V.join(kinds[name], kind) if name in kinds else kind
    return kinds


def _exits(body: cst.BaseSuite) -> bool:
    """The block ends by leaving: ``return``, ``raise``, ``continue`` or ``break``."""
    last = statements(body)[-1] if statements(body) else None
    return type(last) is cst.SimpleStatementLine and isinstance(
        last.body[-1], (cst.Return, cst.Raise, cst.Continue, cst.Break))




def _aligned_shuffle(ctx: Context, call: cst.Call, per_iteration: frozenset[str],
                     rows: bool = False) -> bool:
    """``permutation(key, x)`` where ``x`` is the loop's element (or the leaf a tree.map
    function gets): every array is shuffled the same way, on purpose. The same draw on the
    same operand each iteration (a fixed permutation every epoch) is still reported. With
    ``rows`` (the leaves of one pytree), ``choice`` too: the same rows of every leaf, like
    picking individuals of a population; across separate sequences it is a bug."""
    allowed = K.ALIGNING_DRAWS | {"jax.random.choice"} if rows else K.ALIGNING_DRAWS
    if ctx.qualname(call.func) not in allowed or len(call.args) < 2:
        return False
    operand = call.args[1].value
    # `x` the loop's element, or `batch[name]` picked by it
    return isinstance(operand, (cst.Name, cst.Subscript)) and reads_any(operand, set(per_iteration))


def _key_stream(unit: Unit, name: str) -> bool:
    """``rngs`` used the nnx way (``Linear(n, rngs=rngs)``, ``rngs.params()``): a stream of
    keys whatever its annotation says (easydel annotates it ``PRNGKeyArray``)."""
    if name not in K.KEY_STREAM_NAMES:
        return False
    for call in unit.calls:
        if any(a.keyword is not None and a.keyword.value == name and type(a.value) is cst.Name
               and a.value.value == name for a in call.args):
            return True
        func = call.func
        if type(func) is cst.Attribute and type(func.value) is cst.Name \
                and func.value.value == name:
            return True
    return False
