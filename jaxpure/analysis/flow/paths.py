"""Alternative paths: exactly one of several branches runs, and the flow state after them is
the join of theirs (pyflakes' one predicate for mutually exclusive branches). Every part of
the walk that keeps state (kinds, keys, unread draws) is joined here, so a rule sees one
notion of "these cannot both have run". Its counterpart for a body read without walking it
(a helper's draw and its returns: module/draw_gates.py) is syntax.on_exclusive_branches."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from jaxpure.analysis import lattice as L
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.domain import FlowState
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
