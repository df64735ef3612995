"""KeyUses: whether the result of a draw is ever read, so whether the draw is a use at all.

A second draw of a key reuses the first one's numbers only if both results meet. A
``jax.random`` draw is pure, so when its result is thrown away (``jax.random.normal(key)``
as a statement), or bound to names that are never read on the path of the second draw
(``theta = uniform(key)`` before an early ``return uniform(key) * eye(1)``, or overwritten
before any read), or read only
for its structure (``probe.shape``, ``probe.dtype``, ``jax.eval_shape``), nothing drawn from
the key is used twice. A draw by any other call (``model.init(key, x)``, ``log(normal(key))``)
may keep what it drew, and stays a use whatever happens to its result; so does a ``split``
whose children are left unused (the parent drawn from again is the bug: a child was meant),
unless the parent is split again into the same names before any of them is read
(``keys = split(key, n)`` then ``key, *keys = split(key, n + 1)``): no child was handed out.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from jaxpure.analysis.catalog import random as R
from jaxpure.analysis.catalog.shapes import STRUCTURE_ATTRIBUTES, STRUCTURE_FUNCTIONS
from jaxpure.analysis.catalog.transforms import ARGUMENT_PRESERVING_TRANSFORMS, LAX_CONSUMERS
from jaxpure.analysis.flow.base import WalkerBase, nested_scopes, read_by_closure
from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.module.draw_gates import drawn_only_where_first_did_not
from jaxpure.analysis.module.globals import is_main_test
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.rebinding import bound_names
from jaxpure.analysis.module.resolve import Resolver
from jaxpure.analysis.module.split_calls import returned_children
from jaxpure.analysis.syntax import (names_in, push_children, own_statements, reads_any, statements,
                                     target_names, target_paths)

# pure wrappers a draw's value may pass through on its way to the names it is bound to
_PURE_PREFIXES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.random.")
_PURE_NODES = (cst.BinaryOperation, cst.UnaryOperation, cst.Subscript, cst.SubscriptElement,
               cst.Index, cst.Slice, cst.Attribute, cst.Arg, cst.Tuple, cst.Element)

# functions that pick, element by element, from their second or third operand
ELEMENTWISE_CHOICES = frozenset({"jax.numpy.where", "jax.lax.select"})


class KeyUses(WalkerBase):
    """Which draws are read."""

    def draw_results(self, call: cst.Call) -> frozenset[str] | None:
        """The local names the result of the draw ``call`` is bound to by the statement
        being walked (empty: thrown away); None when it may be kept some other way."""
        ctx = self.ctx
        statement = self.statement
        qual = ctx.qualname(call.func) or ""
        if ctx.frame.unit is None or type(ctx.frame.unit.node) is not cst.FunctionDef \
                or not (qual.startswith("jax.random.") or qual in LAX_CONSUMERS):
            # lax's loops and branches are pure too: what their bodies draw reaches only
            # their results (navix's leftover `_, reset_rng = lax.scan(...)`, rebound unread)
            return None
        if ctx.loops:
            return None  # the next iteration may read what this one drew, before the draw
        if type(statement) is cst.Expr:
            return frozenset() if statement.value is call else None
        if type(statement) is cst.Assign:
            targets = [t.target for t in statement.targets]
        elif type(statement) is cst.AnnAssign and statement.value is not None:
            targets = [statement.target]
        else:
            return None
        value = statement.value
        if value is None or any(target_paths(t) for t in targets) \
                or not self.reaches_purely(value, call):
            return None
        names = frozenset(n for t in targets for n in target_names(t))
        unit = ctx.frame.unit
        if names & (unit.declared_global | unit.declared_nonlocal):
            return None
        return names

    def reaches_purely(self, value: cst.BaseExpression, call: cst.Call) -> bool:
        """Whether ``call``'s value reaches ``value`` only through arithmetic, indexing and
        ``jax.numpy``-like calls (the expression stack from ``value`` down to ``call``)."""
        stack = self.ctx.stack
        try:
            start = next(i for i, node in enumerate(stack) if node is value)
        except StopIteration:
            return False
        for node in stack[start:-1]:
            if isinstance(node, _PURE_NODES):
                continue
            if type(node) is cst.Call and (self.ctx.qualname(node.func) or "").startswith(
                    _PURE_PREFIXES) and node.func not in stack:
                continue
            return False
        return True

    def transformed_function(self, func: cst.BaseExpression) -> Unit | None:
        """The function of this module that ``func`` calls with the call's own arguments:
        ``jax.jit(step)`` itself, or a name bound once to it (``jit_step = jax.jit(step,
        donate_argnums=0)``, in this function or at module level), also when the step is
        given keywords by ``partial`` first. Methods are left out (their arguments start
        after ``self``)."""
        ctx = self.ctx
        if type(func) is cst.Name:
            func = self.single_binding(func.value)  # type: ignore[assignment]
        if type(func) is not cst.Call or not func.args or func.args[0].keyword \
                or ctx.qualname(func.func) not in ARGUMENT_PRESERVING_TRANSFORMS:
            return None
        wrapped = func.args[0].value
        if type(wrapped) is cst.Call and ctx.qualname(wrapped.func) == "functools.partial" \
                and wrapped.args and all(a.keyword is not None for a in wrapped.args[1:]):
            wrapped = wrapped.args[0].value  # `partial(step, model=model)`: keywords only
        target = ctx.resolver.function(wrapped, ctx.frame.unit)
        return None if target is None or target.parent_is_class else target

    def single_binding(self, name: str) -> cst.BaseExpression | None:
        """The value ``name`` is bound to by its only assignment in the function being
        walked (or, when the function does not bind it, at module level)."""
        unit = self.ctx.frame.unit
        if unit is not None and unit.binds(name):
            if unit.assigned.get(name) != 1 or name in unit.param_names \
                    or type(unit.node) is not cst.FunctionDef:
                return None
            for node in own_statements(unit.node.body):
                if type(node) is cst.Assign and len(node.targets) == 1 \
                        and type(node.targets[0].target) is cst.Name \
                        and node.targets[0].target.value == name:
                    return node.value
            return None
        bindings = self.ctx.index.bindings.get(name, ())
        return bindings[0].value if len(bindings) == 1 and not bindings[0].augmented else None

    def drawn_where_first_did_not(self, callee: Unit, call: cst.Call, param: str,
                                  value: cst.BaseExpression) -> bool:
        """Whether ``call`` draws from the key it passes as ``value`` (for ``callee``'s
        ``param``) only on the path where the call that consumed the key drew nothing: the
        same helper, handed back what that call returned for the argument gating its draw
        (:func:`draw_gates.drawn_only_where_first_did_not`)."""
        ctx = self.ctx
        state = ctx.key_state(value.value) if type(value) is cst.Name else None
        first = state.consumed_by if state is not None else None
        if type(first) is not cst.Call:
            return False
        unit = ctx.frame.unit
        return drawn_only_where_first_did_not(
            callee, call, param, first, unit, ctx.resolver.function(first.func, unit))

    def elementwise_choice(self, node: cst.Call) -> bool:
        """``jnp.where(c, x, y)`` / ``lax.select(c, x, y)`` with its three operands given by
        position, where keys are tracked."""
        return len(node.args) == 3 and all(a.keyword is None and not a.star for a in node.args) \
            and self.tracks_keys() and self.ctx.qualname(node.func) in ELEMENTWISE_CHOICES

    def mark_consumed(self, state: KeyState, call: cst.Call, name: str | None = None) -> KeyState:
        """A key's state once ``call`` consumed it (as ``name``), with the names its result
        went to: a draw's, or the children a function splitting the key returns
        (module/split_calls.py)."""
        unread = self.draw_results(call)
        if unread is None and name is not None and type(self.statement) is cst.Assign \
                and not self.ctx.loops:
            unread = returned_children(self.ctx.resolver, self.ctx.frame.unit, self.statement,
                                       call, name)
        if unread:
            self.unread_names.update(unread)
        return replace(state, consumed_by=call, consumed_as=None, unread=unread, elsewhere=())

    def note_read(self, node: cst.Name) -> None:
        """A name is read: a draw whose result it holds is used."""
        if id(node) in self.structure_reads:
            return
        keys = self.ctx.frame.keys
        for key, state in list(keys.items()):
            if state.unread and node.value in state.unread:
                keys[key] = replace(state, unread=None)

    def note_rebound(self, targets: list[cst.BaseExpression]) -> None:
        """Names bound anew: a draw's result they held, unread, is gone for good (and the
        result of the draw this statement makes, if any, is what they hold now)."""
        names = {n for t in targets for n in target_names(t)} & self.unread_names
        statement = self.statement
        keys = self.ctx.frame.keys
        for key, state in list(keys.items()):
            if state.unread and names & state.unread \
                    and self.consumed_in.get(id(state.consumed_by)) is not statement:
                keys[key] = replace(state, unread=state.unread - names)

    def note_structure_reads(self, node: cst.CSTNode) -> None:
        """``probe.shape``, ``jnp.shape(probe)``: the name is read for its structure only."""
        if type(node) is cst.Attribute:
            if node.attr.value in STRUCTURE_ATTRIBUTES and type(node.value) is cst.Name:
                self.structure_reads.add(id(node.value))
        elif type(node) is cst.Call and self.ctx.qualname(node.func) in STRUCTURE_FUNCTIONS:
            for arg in node.args:
                if type(arg.value) is cst.Name:
                    self.structure_reads.add(id(arg.value))

    def first_result_dead(self, state: KeyState) -> bool:
        """Whether the result of the draw that consumed ``state`` is never read on the path
        being walked: not read so far (``state.unread``) and not read by what follows."""
        unread = state.unread
        if unread is None:
            return False
        if self.split_children(state.consumed_by):
            # children split off and left unused, then the parent drawn from: the child was
            # meant, and the finding says so; unless the parent is split again into the same
            # names, so that the first children are overwritten before anything reads them
            return bool(unread) and unread <= self.bound_here()
        if not unread:
            return True
        unit = self.ctx.frame.unit
        assert unit is not None  # draw_results binds names in functions only
        if read_by_closure(unit, set(unread)):
            return False  # a closure may read it whenever it is called
        # names this statement binds anew (`noise = normal(key)` drawn again into `noise`):
        # what follows reads the new value, never the first
        return not self.read_after_here(set(unread) - self.bound_here())

    def draw_result_dead(self, call: cst.Call) -> bool:
        """Whether the result of the draw ``call`` (a second draw of a key) is never read:
        thrown away, or bound to names that what follows reads only to draw from them in
        turn (``key, _ = split(key)`` then ``unused = normal(key, (65,))``, never read),
        until the function returns. Then no two results of the key meet."""
        unit = self.ctx.frame.unit
        names = self.draw_results(call) if unit is not None else self.main_only_results(call)
        if names is None:
            return False
        line = self.lines[-1][0][self.lines[-1][1]] if self.lines else None
        if type(line) is not cst.SimpleStatementLine or len(line.body) != 1:
            return False
        live = set(names)
        for body, index in reversed(self.lines):
            for later in body[index + 1:]:
                if _reads_values(later, live):
                    drawn = self.drawn_into(later, live)
                    if drawn is None:
                        return False
                    live |= drawn
                if _leaves_function(later):
                    break
            else:
                continue
            break
        # a closure may read any of them whenever it is called (at module level: any
        # function of the module, the names being its globals)
        if unit is None:
            reads = _scope_reads(self.ctx.module, self.ctx.resolver)
            return "*" not in reads and live.isdisjoint(reads)
        return not read_by_closure(unit, live)

    def main_only_results(self, call: cst.Call) -> frozenset[str] | None:
        """:meth:`draw_results` for a draw at module level whose globals no importer sees:
        the module's in a notebook (never imported), or under ``if __name__ ==
        "__main__":`` (an importer does not run it). A global any function of the module
        may read is left to :meth:`draw_result_dead`."""
        ctx = self.ctx
        statement = self.statement
        lines = self.lines
        if ctx.loops or not (ctx.qualname(call.func) or "").startswith("jax.random.") \
                or any(type(body[i]) is cst.ClassDef for body, i in lines) \
                or not (ctx.index.unimported or _under_main_test(lines)):
            return None
        # (a draw as a statement may be a cell's last line, which the notebook shows)
        if type(statement) is not cst.Assign or statement.value is None \
                or any(target_paths(t.target) for t in statement.targets) \
                or not self.reaches_purely(statement.value, call):
            return None
        return frozenset(n for t in statement.targets for n in target_names(t.target))

    def drawn_into(self, line: cst.CSTNode, names: set[str]) -> frozenset[str] | None:
        """The names ``line`` binds when it reads ``names`` only as the arguments of one
        ``jax.random`` call whose result it binds to plain local names (``key, _ =
        split(key)``, ``x = normal(key, shape)``); None for any other read."""
        small = line.body if type(line) is cst.SimpleStatementLine else ()
        if len(small) != 1 or type(small[0]) is not cst.Assign:
            return None
        value = small[0].value
        if type(value) is not cst.Call \
                or not (self.ctx.qualname(value.func) or "").startswith("jax.random.") \
                or reads_any(value.func, names) \
                or any(target_paths(t.target) for t in small[0].targets):
            return None
        bound = frozenset(n for t in small[0].targets for n in target_names(t.target))
        unit = self.ctx.frame.unit
        if unit is not None and bound & (unit.declared_global | unit.declared_nonlocal):
            return None
        return bound  # at module level, draw_result_dead asks the module's functions

    def seen_by_closure(self, state: KeyState) -> KeyState:
        """``state`` as a function defined (or run by a lax primitive) here sees it: the
        closure is walked on its own, after this function, and cannot tell whether this
        function reads the result of the draw that consumed the key later on; so that is
        decided here (``a = normal(key)``, then ``lax.cond(p, lambda: normal(key), ...)``
        and ``return a, ...``: the draw in the branch repeats ``a``)."""
        if state.unread and self.ctx.frame.unit is not None \
                and not self.first_result_dead(state):
            return replace(state, unread=None)
        return state

    def drawn_for_structure(self, call: cst.CSTNode | None) -> bool:
        """Whether what ``call`` drew (from a key consumed twice) reaches only structure
        reads in the function being walked: ``out = net.apply(p, key, dummy)`` read only
        for ``out.shape`` uses none of the key's numbers (module/structure_uses.py)."""
        ctx = self.ctx
        if type(call) is not cst.Call or ctx.qualname(call.func) in R.KEY_PRODUCERS:
            return False  # keys split off and left unread: a child was meant for the next use
        unit = ctx.frame.unit
        scope = unit.node if unit is not None else ctx.module
        return ctx.facts.structure_uses.result_for_structure(call, scope, ctx.qualname)

    def split_children(self, first: cst.CSTNode | None) -> bool:
        """Whether ``first`` (a call whose results are known: ``state.unread``) split the
        key: a key producer, or a call of a function returning the children of a split of
        its key (the only calls but ``jax.random``'s whose results are known)."""
        if type(first) is not cst.Call:
            return False
        qual = self.ctx.qualname(first.func) or ""
        return qual in R.KEY_PRODUCERS \
            or not (qual.startswith("jax.random.") or qual in LAX_CONSUMERS)

    def bound_here(self) -> frozenset[str]:
        """The names the statement being walked binds (``key, *keys = split(key, n + 1)``)."""
        statement = self.statement
        return frozenset(bound_names(statement)) if type(statement) is cst.Assign else frozenset()

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
                    or any(target_paths(t.target) for t in small[0].targets):
                return False
            bound.append({n for t in small[0].targets for n in target_names(t.target)})
        first_names, names = bound
        return bool(first_names) and first_names <= names and not reads_any(call, first_names) \
            and not any(reads_any(line, first_names) for line in body[i + 1:j])

    def read_after_here(self, names: set[str]) -> bool:
        """Whether what may run after the statement being walked reads ``names``: the rest
        of each enclosing block, outwards, until a ``return``/``raise``; a loop around it
        may run its whole body again."""
        innermost = True
        for body, index in reversed(self.lines):
            statement = body[index]
            if innermost or isinstance(statement, (cst.For, cst.While)):
                if _reads_values(statement, names):
                    return True
                if innermost and _leaves_function(statement):
                    return False
            innermost = False
            for later in body[index + 1:]:
                if _reads_values(later, names):
                    return True
                if _leaves_function(later):
                    return False
        return False


def _reads_values(node: cst.CSTNode, names: set[str]) -> bool:
    """Whether ``node`` (nested bodies included) reads ``names`` other than for their
    structure (``x.shape``)."""
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value in names:
            return True
        if type(current) is cst.Attribute and current.attr.value in STRUCTURE_ATTRIBUTES \
                and type(current.value) is cst.Name:
            continue
        push_children(current, stack)
    return False


# what looks a module's names up by their text: any of them may be read
_NAME_LOOKUPS = frozenset({"globals", "vars", "locals", "eval", "exec", "__import__"})


def _scope_reads(module: cst.Module, resolver: Resolver) -> frozenset[str]:
    """The module's globals its functions, lambdas and classes may read whenever they run:
    the names each mentions and does not bind itself (a parameter, a local), with "*"
    when the module looks names up by their text; worked out once per module, on the first
    module-level draw asked about."""
    found = resolver.memo.get("scope_reads")
    if found is None:
        names: set[str] = set()
        pending = nested_scopes(module)
        while pending:
            scope = pending.pop()
            if type(scope) is cst.ClassDef:
                # a class body runs with the module's names; its methods are scopes of their own
                inner = nested_scopes(scope)
                pending += inner
                methods = {id(name) for method in inner for name in names_in(method)}
                names.update(name.value for name in names_in(scope) if id(name) not in methods)
                continue
            unit = resolver.index.unit_for(scope)
            names.update(name.value for name in names_in(scope) if unit is None
                         or not unit.binds(name.value) or name.value in unit.declared_global)
        # `global x` in a function nested in one binding `x`: the module's `x`
        names.update(name for unit in resolver.index.units for name in unit.declared_global)
        if any(name.value in _NAME_LOOKUPS for name in names_in(module)):
            names.add("*")
        found = resolver.memo["scope_reads"] = frozenset(names)
    return found


def _under_main_test(lines: list[tuple[tuple[cst.CSTNode, ...], int]]) -> bool:
    """Whether the statement walked (``lines``: its enclosing blocks, outermost first) is in
    the body of a module-level ``if __name__ == "__main__":`` (not its ``else``)."""
    if len(lines) < 2:
        return False
    body, index = lines[0]
    statement = body[index]
    inner = lines[1][0]
    return type(statement) is cst.If and is_main_test(statement.test) \
        and bool(inner) and inner[0] is statements(statement.body)[0]


def _leaves_function(statement: cst.CSTNode) -> bool:
    if isinstance(statement, (cst.Return, cst.Raise)):
        return True
    return type(statement) is cst.SimpleStatementLine and bool(statement.body) \
        and isinstance(statement.body[-1], (cst.Return, cst.Raise))


def carry_initialiser_key(ancestors: list[cst.CSTNode | None], names: set[str],
                          calls: list[cst.Call]) -> bool:
    """Whether a key (whose enclosing nodes, innermost first, are ``ancestors``; bound to
    ``names`` by its statement; in a function making ``calls``) goes only to recurrent cells'
    ``initialize_carry(key, shape)``: Flax's carry initialisers are zeros unless the cell is
    built with another ``carry_init``, so the key is a placeholder (``cell.initialize_carry(
    jax.random.key(0), shape)``, Flax's own ``RNN`` does it when no ``init_key`` is given)."""
    if len(ancestors) >= 2 and type(ancestors[0]) is cst.Arg and _initialises_carry(ancestors[1]):
        return True
    given = [call for call in calls
             if any(type(arg.value) is cst.Name and arg.value.value in names for arg in call.args)]
    return bool(names) and bool(given) and all(_initialises_carry(call) for call in given)


def _initialises_carry(node: cst.CSTNode | None) -> bool:
    return type(node) is cst.Call and type(node.func) is cst.Attribute \
        and node.func.attr.value == "initialize_carry"
