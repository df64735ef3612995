"""The flow walker's expressions: evaluation order inside a statement.

Calls (arguments before the call consumes keys), closures (what a lambda sees when it is
made), and the expressions whose parts are alternatives or loops: ``a if c else b``,
``and``/``or``, comprehensions. Everything else is walked child by child. The Walker
(walker.py) composes this part with the statement walk and the flow parts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.domain import Loop
from jaxpure.analysis.flow.narrowing import narrowed_names
from jaxpure.analysis.flow.paths import nothing
from jaxpure.analysis.syntax import COMPREHENSIONS, NODE_TYPES, CHILD_FIELDS, target_names

if TYPE_CHECKING:
    from jaxpure.analysis.catalog.transforms import Transform
    from jaxpure.analysis.module.index import Unit

# expressions with a walk of their own (calls, closures, alternatives, loops); the rest
# are walked child by child
_WALKED_APART = frozenset({cst.Call, cst.Lambda, cst.IfExp, cst.BooleanOperation, *COMPREHENSIONS})


class ExpressionWalk(WalkerBase):
    if TYPE_CHECKING:  # defined by the other parts of the Walker
        def narrowed(self, test: cst.BaseExpression, holds: bool, walk: Callable[[], None],
                     alone: bool = False) -> Callable[[], None]: ...
        def note_read(self, node: cst.Name) -> None: ...
        def note_structure_reads(self, node: cst.CSTNode) -> None: ...
        def bodies_run_by(self, call: cst.Call) -> tuple[Transform, list[Unit]] | None: ...
        def show_keys_to(self, bodies: list[Unit]) -> None: ...
        def consume_closed_over(self, call: cst.Call, t: Transform, bodies: list[Unit]) -> None: ...

    def defaults(self, params: cst.Parameters) -> None:
        for p in (*params.posonly_params, *params.params, *params.kwonly_params):
            if p.default is not None:
                self.expr(p.default)

    def remember_closure(self, node: cst.CSTNode) -> None:
        frame = self.ctx.frame
        if frame.unit is None:
            return  # module level: module names are looked up in the module env
        env = dict(frame.closure[0]) if frame.closure else {}
        keys = self.ctx.closed_over_keys()
        env.update(frame.env)
        keys.update((name, self.seen_by_closure(state)) for name, state in frame.keys.items())
        self.ctx.closures[id(node)] = (env, keys)
        frame.made_closures.append(env)

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

    # -- expressions -----------------------------------------------------------------
    def expr(self, node: cst.CSTNode) -> None:
        ctx = self.ctx
        ctx.stack.append(node)
        t = type(node)
        found = self.handlers.get(t)
        if found:
            for handler in found:
                handler(node, ctx)
        if self.unread_names:
            if type(node) is cst.Name:
                if node.value in self.unread_names:
                    self.note_read(node)
            elif t is cst.Attribute or t is cst.Call:  # exact types: node classes are ABCs
                self.note_structure_reads(node)
        if t in _WALKED_APART:
            if type(node) is cst.Call:
                self.call(node)
            elif type(node) is cst.Lambda:
                self.defaults(node.params)
                self.remember_closure(node)
            elif type(node) is cst.IfExp:
                self.if_expression(node)
            elif type(node) is cst.BooleanOperation:
                self.boolean_operation(node)
            elif isinstance(node, COMPREHENSIONS):
                self.comprehension(node)
        else:
            for name in CHILD_FIELDS[t]:
                value = getattr(node, name)
                if type(value) in NODE_TYPES:
                    self.expr(value)
                elif type(value) is tuple or type(value) is list:
                    for item in value:
                        if type(item) in NODE_TYPES:
                            self.expr(item)
            if (t is cst.BinaryOperation or t is cst.Comparison) and ctx.traced \
                    and ctx.index.operator_calls:
                self.record_operator(node)
        ctx.stack.pop()

    def if_expression(self, node: cst.IfExp) -> None:
        """``a if c else b``: the branches are alternatives, like an ``if`` statement's
        (``randint(key) if discrete else normal(key)`` draws from the key once)."""
        self.expr(node.test)
        self.alternatives(self.narrowed(node.test, True, lambda: self.expr(node.body)),
                          self.narrowed(node.test, False, lambda: self.expr(node.orelse)),
                          join_from=1)

    def boolean_operation(self, node: cst.BooleanOperation) -> None:
        """``c and a or b`` is the conditional expression written the old way: ``a`` and
        ``b`` are alternatives (``greedy and exploit(key) or explore(key)`` draws once; the
        path where ``a`` runs and is falsy is left out: precision first). Otherwise the right
        operand of ``and``/``or`` may or may not run."""
        left = node.left
        if type(node.operator) is cst.Or and type(left) is cst.BooleanOperation \
                and type(left.operator) is cst.And:
            self.ctx.stack.append(left)
            self.dispatch(left)
            self.expr(left.left)
            self.alternatives(self.narrowed(left.left, True, lambda: self.expr(left.right)),
                              self.narrowed(left.left, False, lambda: self.expr(node.right)),
                              join_from=1)
            self.ctx.stack.pop()
            return
        self.expr(left)
        # the right operand runs only where the left one is true (`and`) or false (`or`)
        holds = type(node.operator) is cst.And
        if not self.tracks_keys():
            env = self.ctx.frame.env
            kept = {name: env.get(name) for name in narrowed_names(left)}
            # no state the right operand could change but kinds
            self.narrowed(left, holds, lambda: self.expr(node.right), alone=True)()
            for name, kind in kept.items():  # what the test said holds in `right` only
                if kind is None:
                    env.pop(name, None)
                else:
                    env[name] = kind
            self.ctx.kind_cache.clear()
            return
        self.alternatives(self.narrowed(left, holds, lambda: self.expr(node.right)), nothing)

    def tracks_keys(self) -> bool:
        """Whether any key is tracked here (else a call cannot change the flow state)."""
        frame = self.ctx.frame
        return bool(frame.keys) or bool(frame.closure and frame.closure[1]) or frame.key_paths

    def call(self, node: cst.Call) -> None:
        self.expr(node.func)
        if self.elementwise_choice(node):
            # `jnp.where(c, normal(key, s), uniform(key, s))`: each element keeps the number
            # of one of the two draws, so the draws are alternatives, element by element
            self.expr(node.args[0])
            self.alternatives(lambda: self.expr(node.args[1]), lambda: self.expr(node.args[2]))
        else:
            for arg in node.args:
                self.expr(arg)
        run = self.bodies_run_by(node)
        if run is not None:
            self.show_keys_to(run[1])  # before the call consumes its operands
        self.consume_keys(node)
        if run is not None:
            self.consume_closed_over(node, *run)
        self.check_partial_key_mapped(node)
        if self.ctx.traced:
            self.record_callsite(node)
        else:
            self.record_untraced_call(node)

    def comprehension(self, node: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp) -> None:
        saved = self.snapshot()
        saved_loops = self.ctx.loops
        # a comprehension is a loop: `[normal(key) for _ in range(n)]` reuses key n times
        targets: set[str] = set()
        comp: cst.CompFor | None = node.for_in
        while comp is not None:
            targets.update(target_names(comp.target))
            comp = comp.inner_for_in
        loop = Loop(node, frozenset(targets), seen=set(targets))
        comp = node.for_in
        self.expr(comp.iter)  # the outermost iterable is evaluated once, before the loop
        self.ctx.loops = [loop]
        first = True
        while comp is not None:
            if not first:
                self.expr(comp.iter)
            first = False
            self.bind_iteration(comp.target, comp.iter, node)
            for condition in comp.ifs:
                self.dispatch(condition)  # with the targets bound: `if norm(g) > 0` of a leaf
                self.tests.add(id(condition.test))
                self.expr(condition.test)
            comp = comp.inner_for_in
        if isinstance(node, cst.DictComp):
            self.expr(node.key)
            self.expr(node.value)
        else:
            self.expr(node.elt)
        self.flush_loop_reuse(loop)
        self.ctx.loops = saved_loops
        self.restore(saved)
