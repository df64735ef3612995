"""Alternative paths: exactly one of several branches runs, and the flow state after them is
the join of theirs (pyflakes' one predicate for mutually exclusive branches). Every part of
the walk that keeps state (kinds, keys, unread draws) is joined here, so a rule sees one
notion of "these cannot both have run". Its counterpart for a body read without walking it
(a helper's draw and its returns: module/draw_gates.py) is syntax.on_exclusive_branches.

A path a literal flag rules out (the ``else`` of ``if use_jax:`` where every traced call
passes ``use_jax=True``: flow/given.py) is walked as untraced code, for the eager runs that
take it, but leaves nothing to the join: no trace has run it. What it bound is kept apart,
by flag, for the next path the same flag rules out in the same block, which the same eager
runs take (sofima's ``masked_xcorr``: the NumPy ``out`` of one ``else:`` is the ``out`` an
item write in the next ``else:`` writes into, not the jnp one of the traced branches). A
statement walked in between that may rebind a name drops it from what is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.domain import FlowState
from jaxpure.analysis.syntax import rebound_in
from jaxpure.analysis.flow.layouts import join as layout_join
from jaxpure.analysis.flow.keystate import KeyState, joined_draws, joined_unread


class AlternativePaths(WalkerBase):
    """Walks alternatives from one state and joins what they leave."""

    def alternatives(self, *branches: Callable[[], None], join_from: int = 0) -> None:
        """Walk each branch from the same state, then continue from their join: exactly one
        of them runs (if/elif/else, ``a if c else b``, ``c and a or b``, match cases, a try
        body and its handlers). A branch that left the function is dropped from the join.

        This is THE place that decides what counts as alternative paths. The join starts
        from branch ``join_from``'s state and takes the others in order (for a key consumed
        on several paths, the first consumption in that order is the one cited)."""
        before = self.snapshot()
        outcomes = []
        for i, branch in enumerate(branches):
            if i:
                self.restore(before)
            branch()
            outcomes.append(self.snapshot())
        self.restore(outcomes[join_from])
        for i, outcome in enumerate(outcomes):
            if i != join_from:
                self.merge(outcome, exclusive=True)

    def walk_path(self, flag: str | None, walk: Callable[[], None]) -> None:
        """``walk`` a path; one ``flag`` rules out (flow/narrowing.py ``ruling_flag``) from
        what the last such path in this block kept, keeping what it changes in turn, and
        leaving the join."""
        if flag is None:
            walk()
            return
        kept, start = self._enter_off_trace(flag)
        try:
            walk()
        finally:
            self._leave_off_trace(flag, kept, start)

    def _enter_off_trace(self, flag: str) -> tuple[dict[str, int], dict[str, int]]:
        """Start a path ``flag`` rules out from what the last such path in this block left
        (the runs that take this one took that one): the kinds it kept, and the state the
        path starts from."""
        frame = self.ctx.frame
        block, _statement = self._current_line()
        found = frame.off_trace.get(flag)
        kept = found[2] if found is not None and block and found[0] is block else {}
        for name, kind in kept.items():
            frame.env[name] = kind
            frame.layouts.pop(name, None)
        self.ctx.kind_cache.clear()
        return kept, dict(frame.env)

    def _leave_off_trace(self, flag: str, kept: dict[str, int], start: dict[str, int]) -> None:
        """Keep what the path ``flag`` rules out changed (and what it was started from),
        and leave the join: no trace takes the path. A path that left the function leaves
        nothing for the next one (those runs end here)."""
        frame = self.ctx.frame
        block, statement = self._current_line()
        env = frame.env
        if frame.dead or not block:
            frame.off_trace.pop(flag, None)
        else:
            if type(statement) is cst.If:
                frame.eager_after[id(statement)] = self.snapshot()
            changed = {name for name, kind in env.items() if start.get(name) != kind}
            frame.off_trace[flag] = (block, statement, {
                name: env[name] for name in kept.keys() | changed if name in env})
        frame.dead = True

    def _current_line(self) -> tuple[tuple[cst.CSTNode, ...], cst.CSTNode | None]:
        """The block being walked and the statement of it (none outside any)."""
        if not self.lines:
            return (), None
        body, index = self.lines[-1]
        return body, body[index]

    def forget_off_trace(self, body: tuple[cst.CSTNode, ...], statement: cst.CSTNode) -> None:
        """After a statement of ``body`` has been walked: what the paths literal flags rule
        out in ``body`` kept no longer holds for the names it may bind, in its blocks too
        (but for the statement that kept it: its traced paths do not run where its
        ruled-out path does)."""
        frame = self.ctx.frame
        if not frame.off_trace:
            return
        rebound = rebound_in(statement)
        for flag, (block, kept_at, kinds) in list(frame.off_trace.items()):
            if block is body and kept_at is not statement and rebound & kinds.keys():
                frame.off_trace[flag] = (block, kept_at, {
                    name: kind for name, kind in kinds.items() if name not in rebound})

    def snapshot(self) -> FlowState:
        frame = self.ctx.frame
        return dict(frame.env), dict(frame.keys), frame.dead, dict(frame.layouts)

    def restore(self, state: FlowState) -> None:
        self.ctx.kind_cache.clear()
        frame = self.ctx.frame
        frame.env, frame.keys, frame.dead = dict(state[0]), dict(state[1]), state[2]
        frame.layouts = dict(state[3])

    def merge(self, other: FlowState, exclusive: bool = False) -> None:
        """Join the current state with another path's (a path that returned is dropped).
        ``exclusive``: the two paths cannot both have run (not so for a loop's body and
        the state before it), so a key drawn on both was drawn by either draw."""
        self.ctx.kind_cache.clear()
        frame = self.ctx.frame
        env, keys, dead, layouts = other
        if dead and not frame.dead:
            return
        if frame.dead and not dead:
            frame.env, frame.keys, frame.dead = dict(env), dict(keys), False
            frame.layouts = dict(layouts)
            return
        if frame.layouts or layouts:
            # a local keeps a layout only where both paths know one (flow/layouts.py)
            frame.layouts = {name: joined for name, mine in frame.layouts.items()
                             for joined in [layout_join(mine, layouts.get(name))]
                             if joined is not None}
        for name, kind in env.items():
            mine = frame.env.get(name)
            frame.env[name] = kind if mine is None else L.join(mine, kind)
        for name, state in keys.items():
            mine_key = frame.keys.get(name)
            if mine_key is None:
                frame.keys[name] = state
            elif mine_key.consumed_by is None and state.consumed_by is not None:
                frame.keys[name] = state
            elif state.consumed_by is not None:
                joined = mine_key
                if mine_key.unread is not None:
                    joined = replace(joined, unread=joined_unread(mine_key, state))
                if exclusive and mine_key.consumed_by is not None:
                    joined = replace(joined, elsewhere=joined_draws(mine_key, state))
                frame.keys[name] = joined


def nothing() -> None:
    """The alternative where nothing runs (no ``else``, no matching case, a short circuit)."""
