"""The flow walker: one visit of a module that gives rules their context.

The walker visits a module once, in evaluation order: module statements first, then each
function body, callers before callees (so that a helper knows which of its parameters its
traced callers pass traced values to) and enclosing functions before nested ones (so that a
closure sees what its enclosing function bound). Along the way it keeps, per function, the
kind of every local name (traced / static / ...) and the state of every PRNG key, merging
at branches, and calls each rule's ``visit_<Node>`` handlers with itself as the context.

This file walks statements, expressions.py expressions; paths.py decides what counts as alternative
paths and how they join. What the walk keeps is decided in its parts, one file each: kinds.py
(value kinds), keys.py (PRNG key state: JXP301), key_idioms.py (reuses made on purpose),
key_loops.py (per-iteration reuse: JXP302), key_bodies.py (keys drawn by the functions
lax primitives run), callsites.py (what traced code passes to
functions).
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.keystate import KeyReuseInLoop
from jaxpure.analysis.flow.first_iteration import (
    holds_on_first_iteration, mark_runs_once, runs_at_least_once,
)
from jaxpure.analysis.module.bindings import single_value
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.syntax import statements, target_names

from jaxpure.analysis.syntax import assigned_in, children, leaves_loop, leaving_block
from jaxpure.analysis.flow.domain import FlowState, Frame, Handler, Loop, opens_compile_time_eval
from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.narrowing import ruling_flag, untraced_path
from jaxpure.analysis.flow.flag_paths import ending, flag_test, narrow_off_flag, note_flag_bindings
from jaxpure.analysis.module.trace_order import unit_order
from jaxpure.analysis.flow.unreached import reached_off_trace_only
from jaxpure.analysis.flow.callsites import CallSites
from jaxpure.analysis.flow.key_loops import KeyLoops
from jaxpure.analysis.flow.key_uses import KeyUses
from jaxpure.analysis.flow.paths import AlternativePaths, nothing
from jaxpure.analysis.flow.expressions import ExpressionWalk
from jaxpure.analysis.flow.fallbacks import Fallbacks
from jaxpure.analysis.flow.keys import KeyFlow
from jaxpure.analysis.flow.key_bodies import KeyBodies
from jaxpure.analysis.flow.key_idioms import KeyIdioms
from jaxpure.analysis.flow.key_records import KeyRecords
from jaxpure.analysis.flow.kinds import KindFlow
from jaxpure.analysis.flow.carried import note_carried_keys

# the statements after which nothing in the same block runs
_LEAVING = frozenset({cst.Return, cst.Raise, cst.Break, cst.Continue})
_MODULE_TEXT = {"__file__": L.STATIC, "__name__": L.STATIC}


class Walker(ExpressionWalk, AlternativePaths, Fallbacks, KindFlow, KeyFlow, KeyIdioms, KeyUses, KeyLoops, KeyBodies,
             KeyRecords, CallSites):
    def __init__(self, ctx: Context, handlers: dict[type, list[Handler]]) -> None:
        self.ctx = ctx
        self.handlers = handlers
        # loop reuse events wait until the loop body is walked: a use followed by
        # break/return happens only once
        self.pending_loop_reuse: list[tuple[Loop, KeyReuseInLoop]] = []
        self._statements: dict[type, Callable[..., None] | None] = {}
        self.statement: cst.CSTNode | None = None  # the innermost statement being walked
        # the statement each key-consuming call sits in (id of the call -> statement)
        self.consumed_in: dict[int, cst.CSTNode | None] = {}
        self.result_holders: dict[str, cst.CSTNode] = {}
        # the statements being walked, innermost last, each as (its block, its index there)
        self.lines: list[tuple[tuple[cst.CSTNode, ...], int]] = []
        # the line each key-consuming call sits in (id of the call -> block, index)
        self.consumed_line: dict[int, tuple[tuple[cst.CSTNode, ...], int] | None] = {}
        # the expressions whose value is only tested for truth (`if`/`while`/`assert` tests)
        self.tests: set[int] = set()
        # (id of a unit, key) reported as closed over by a loop body or tree.map function
        self.closed_over_reported: set[tuple[int, str]] = set()
        # (id of a vmap application, parameter) reported as a key broadcast to the batch
        self.broadcast_reported: set[tuple[int, str]] = set()
        self.unread_names: set[str] = set()
        self.structure_reads: set[int] = set()
        # ids of the local functions a lax primitive ran, seeing the keys at its call
        self.shown_keys: set[int] = set()

    def dispatch(self, node: object) -> None:
        found = self.handlers.get(type(node))
        if found:
            for handler in found:
                handler(node, self.ctx)

    # -- units -----------------------------------------------------------------------
    def run(self) -> None:
        ctx = self.ctx
        ctx.frame = Frame(None, None)
        # what the import system sets: text (`os.path.join(os.path.dirname(__file__), f)`)
        ctx.frame.env.update(_MODULE_TEXT)
        self.walk_body(tuple(ctx.module.body))
        ctx.module_env = ctx.frame.env
        for name in ctx.index.global_writes:
            ctx.module_env[name] = L.UNKNOWN  # `global x; x = ...` in a function: any value
        for unit in unit_order(ctx.index, ctx.traced_analysis):
            self.run_unit(unit)

    def run_unit(self, unit: Unit) -> None:
        ctx = self.ctx
        info = ctx.traced_analysis.info.get(id(unit))
        traced = info is not None and info.via is not None
        if traced and ctx.given.off_trace_calls \
                and reached_off_trace_only(ctx.traced_analysis, ctx.given, unit, info):
            info = None  # every traced call of it is on a path no trace takes
        frame = Frame(unit, info, closure=ctx.closures.get(id(unit.node)), traced_unit=traced)
        frame.random_names = ctx.facts.key_params.random_names(unit)
        frame.key_paths = any("." in name or "[" in name for name in frame.random_names)
        ctx.frame = frame
        note_carried_keys(ctx, frame)
        ctx.kind_cache.clear()
        saved_loops, ctx.loops = ctx.loops, []
        self.bind_params(unit, info, frame)
        node = unit.node
        if isinstance(node, cst.Lambda):
            self.expr(node.body)
            if info is not None and info.loop_body:
                self.check_carried_keys(node.body)
        else:
            self.walk_body(statements(node.body))
        self.complete_closures(frame)
        ctx.loops = saved_loops
        ctx.given.walked.add(id(unit))

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
            for child in children(node):
                self.expr(child)
        finally:
            self.statement = self.ctx.statement = outer

    def block(self, suite: cst.BaseSuite | None) -> None:
        if suite is None:
            return
        start = len(self.pending_loop_reuse)
        body = statements(suite)
        how = leaving_block(body) if self.ctx.loops else None
        left = self.leave_loops(how) if how is not None else ()
        try:
            self.walk_body(body)
        finally:
            for loop in left:
                loop.runs_once_here = False
        if body and leaves_loop(body[-1]):
            # the key was used on a path that ends the loop (break / return / raise)
            del self.pending_loop_reuse[start:]

    def leave_loops(self, how: type[cst.Break] | type[cst.Return]) -> tuple[Loop, ...]:
        """Mark the loops a block leaves once entered (``...; break``, ``return f()``:
        syntax.leaving_block says ``how``) as walked once on it (Loop.runs_once_here), up to
        one that a ``try`` inside it may bring round again; the loops marked, to unmark
        after the block."""
        loops = self.ctx.loops[-1:] if how is cst.Break else self.ctx.loops
        marked: list[Loop] = []
        for loop in reversed(loops):
            if loop.guarded:
                break
            if not loop.runs_once_here:
                loop.runs_once_here = True
                marked.append(loop)
        return tuple(marked)

    def walk_body(self, body: tuple[cst.CSTNode, ...]) -> None:
        frame = self.ctx.frame
        info, concrete = frame.info, False
        for index, statement in enumerate(body):
            # asked before the statement: `x = concrete_or_error(None, x)` rebinds x
            asserted = not concrete and info is not None and self.asserts_concrete(statement)
            self.lines.append((body, index))
            self.stmt(statement)
            self.lines.pop()
            self.forget_off_trace(body, statement)
            eager = frame.eager_after.pop(id(statement), None) if frame.eager_after else None
            past_trace = False
            if eager is not None and frame.dead and not concrete and info is not None \
                    and index + 1 < len(body):
                # no trace gets past an `if` whose every traced path leaves the function
                # (`if dynamic_unroll: return ...` where every traced call leaves the flag
                # True: flow/given.py); the eager runs that do took its ruled-out path
                self.restore(eager)
                past_trace = True
            if asserted or past_trace:
                # the trace stops at `concrete_or_error(None, x)`: the rest is eager code
                frame.info, concrete = None, True
                self.ctx.kind_cache.clear()
            if type(statement) is cst.SimpleStatementLine \
                    and type(statement.body[-1]) in _LEAVING:
                break  # `raise` / `return` / `break` / `continue`: what follows never runs
        if concrete:
            frame.info, frame.dead = info, True
            self.ctx.kind_cache.clear()

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
        if self.unread_names:
            self.note_rebound([t.target for t in node.targets])
        if self.ctx.frame.keys:
            self.note_holders(node)

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
            frame.env[name] = L.arith([self.ctx.lookup(name), self.ctx.kind(node.value)])
            frame.keys.pop(name, None)

    def stmt_Assert(self, node: cst.Assert) -> None:
        self.dispatch(node)
        self.tests.add(id(node.test))
        self.expr(node.test)
        if node.msg is not None:
            self.expr(node.msg)
        # what follows runs only where the test held: `assert isinstance(x, dict)` makes
        # x a dict (the walk stays traced code whatever the test says)
        untraced_path(self.ctx, node.test, True)
        self.ctx.kind_cache.clear()

    def stmt_Return(self, node: cst.Return) -> None:
        self.dispatch(node)
        if node.value is not None:
            self.expr(node.value)
            info = self.ctx.frame.info
            if info is not None and info.loop_body:
                self.check_carried_keys(node.value)
            self.check_returned_keys(node.value)
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

    def stmt_Import(self, node: cst.Import | cst.ImportFrom) -> None:
        self.dispatch(node)
        if isinstance(node.names, cst.ImportStar):
            return  # `from m import *`: nothing bound that this walk could name
        for alias in node.names:
            name: cst.BaseExpression = alias.asname.name if alias.asname else alias.name
            while type(name) is cst.Attribute:
                name = name.value
            if type(name) is cst.Name:
                self.ctx.frame.env[name.value] = L.STATIC  # a module or an imported object

    def stmt_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.stmt_Import(node)

    def stmt_Global(self, node: cst.CSTNode) -> None:
        self.dispatch(node)

    stmt_Nonlocal = stmt_Global
    stmt_Pass = stmt_Global

    def stmt_If(self, node: cst.If) -> None:
        self.dispatch(node)
        self.tests.add(id(node.test))
        self.expr(node.test)

        def body() -> None:
            self.block(node.body)  # `if isinstance(x, int):` x is Python (untraced_path)

        def orelse() -> None:
            other = node.orelse
            if type(other) is cst.If:
                self.stmt_If(other)  # elif: one more alternative, inside this one
            elif other is not None:
                self.dispatch(other)
                self.block(other.body)

        if node.orelse is None and holds_on_first_iteration(self.ctx.loops, node.test,
                                                            self.ctx.qualname):
            self.narrowed(node.test, True, body, alone=True)()  # flow/first_iteration.py
            return
        paths = (self.narrowed(node.test, True, body), self.narrowed(node.test, False, orelse))
        kind = type(node.test)  # (most tests are no flag: spare them the calls)
        tested = flag_test(node.test) if kind is cst.Name or kind is cst.UnaryOperation else None
        if tested is not None:
            unit = self.ctx.frame.unit  # where a flag's truth is tested (closure_flags.py)
            self.ctx.given.flag_tests.add((id(unit), tested[0]))
            if self.ctx.loops or not self.ctx.traced:
                tested = None
        line = self.lines[-1] if self.lines else None
        if tested is None or line is None or line[0][line[1]] is not node:
            self.alternatives(*paths, join_from=1)
            return
        # `if flag: steps = schedule(...)`: what the path the flag rules out left, kept
        # for the calls handing on both (flow/flag_paths.py)
        frame, ends = self.ctx.frame, list[tuple[dict[str, int], bool]]()
        self.alternatives(*(ending(path, frame, ends) for path in paths), join_from=1)
        note_flag_bindings(frame, tested, node, line, ends)

    def narrowed(self, test: cst.BaseExpression, holds: bool, walk: Callable[[], None],
                 alone: bool = False) -> Callable[[], None]:
        """``walk`` on the path where ``test`` is ``holds``, with the kinds that says; a
        path the trace never takes (untraced_path) is walked as untraced code, and one a
        literal flag rules out apart from the join (paths.py; unless walked ``alone``)."""
        def path() -> None:
            frame = self.ctx.frame
            info, flag = frame.info, None
            if untraced_path(self.ctx, test, holds):
                if info is not None and not alone:
                    flag = ruling_flag(self.ctx, test, holds)
                frame.info = None
            once = mark_runs_once(self.ctx.loops, test, holds, self.ctx.qualname)
            self.ctx.kind_cache.clear()
            self.release_fallbacks(test, holds)
            if frame.off_flag:
                narrow_off_flag(frame, test, holds)  # flow/flag_paths.py
            try:
                self.walk_path(flag, walk)
            finally:
                frame.info = info
                if once is not None:
                    once.runs_once_here = False
                self.ctx.kind_cache.clear()
        return path

    def stmt_For(self, node: cst.For) -> None:
        self.dispatch(node)
        self.expr(node.iter)
        assigned = frozenset(assigned_in(node.body)) | frozenset(target_names(node.target))
        before = self.snapshot()
        self.bind_iteration(node.target, node.iter, node.body)
        self.loop_body(node, Loop(node, assigned, seen=set(target_names(node.target))), before)

    def known_integer(self, expr: cst.BaseExpression) -> int | None:
        """The integer a literal, or a name bound once to one (`n_steps = 500`), holds."""
        if type(expr) is cst.Name:
            found = single_value(self.ctx.index, self.ctx.frame.unit, expr.value)
            expr = found[0] if found is not None else expr
        value = expr.evaluated_value if type(expr) is cst.Integer else None
        return value if isinstance(value, int) else None

    def stmt_While(self, node: cst.While) -> None:
        self.dispatch(node)
        self.tests.add(id(node.test))
        self.expr(node.test)
        assigned = frozenset(assigned_in(node.body))
        self.loop_body(node, Loop(node, assigned), self.snapshot())

    def loop_body(self, node: cst.For | cst.While, loop: Loop,
                  before: FlowState) -> None:
        """Walk a loop's body once, join the state with ``before`` (the state on entry: the
        body may not run at all), then walk its ``else``."""
        self.ctx.loops.append(loop)
        self.block(node.body)
        self.ctx.loops.pop()
        self.flush_loop_reuse(loop, node.body)
        self.ctx.frame.dead = False
        if not (type(node) is cst.For and runs_at_least_once(node, self.known_integer)):
            self.merge(before)  # the body may not run at all
        if node.orelse is not None:
            self.block(node.orelse.body)

    def stmt_Try(self, node: cst.Try | cst.TryStar) -> None:
        self.dispatch(node)

        def body() -> None:
            loop = self.ctx.loops[-1] if self.ctx.loops else None
            if loop is not None:
                loop.guarded += 1
            try:
                self.block(node.body)
            finally:
                if loop is not None:
                    loop.guarded -= 1
            if node.orelse is not None:
                self.block(node.orelse.body)

        def handler_path(handler: cst.ExceptHandler | cst.ExceptStarHandler) -> Callable[[], None]:
            def walk() -> None:
                self.dispatch(handler)
                if handler.type is not None:
                    self.expr(handler.type)
                if handler.name is not None:
                    for name in target_names(handler.name.name):
                        self.ctx.frame.env[name] = L.UNKNOWN
                self.block(handler.body)
            return walk

        # a handler runs instead of the rest of the body: the body is taken as not run
        self.alternatives(body, *(handler_path(h) for h in node.handlers))
        self.concrete_after_guard(node)
        if node.finalbody is not None:
            self.block(node.finalbody.body)

    stmt_TryStar = stmt_Try

    def stmt_With(self, node: cst.With) -> None:
        self.dispatch(node)
        eager = opens_compile_time_eval(node, self.ctx.qualname)
        for item in node.items:
            self.expr(item.item)
            if item.asname is not None:
                for name in target_names(item.asname.name):
                    self.ctx.frame.env[name] = L.UNKNOWN
                    self.ctx.frame.keys.pop(name, None)
        self.ctx.compile_time_eval += eager
        try:
            self.block(node.body)
        finally:
            self.ctx.compile_time_eval -= eager

    def stmt_Match(self, node: cst.Match) -> None:
        self.dispatch(node)
        self.expr(node.subject)

        def case_path(case: cst.MatchCase) -> Callable[[], None]:
            return lambda: self.block(case.body)

        # no case may match: the state before is one of the alternatives
        self.alternatives(nothing, *(case_path(c) for c in node.cases))

    def stmt_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.dispatch(node)
        for decorator in node.decorators:
            self.expr(decorator.decorator)
        self.defaults(node.params)
        self.remember_closure(node)
        self.ctx.frame.env[node.name.value] = L.STATIC
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
        self.ctx.frame.env[node.name.value] = L.STATIC

