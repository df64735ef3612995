"""KeyBodies: a function handed to a lax primitive draws from the keys it closes over
where the primitive is called.

``lax.cond(done, lambda: init_obs(carry_rng), lambda: obs)`` runs one of its branches
right there, so a branch that draws from ``carry_rng`` consumes it at the cond, and a
second ``lax.cond(done, lambda: init_model(carry_rng), ...)`` draws the same numbers
again (ksim reset two carries from one key so). The branches of one cond or switch are
alternatives: each sees the key as it was before the call, and a key drawn in both is
drawn once. A loop's body (scan, fori_loop, while_loop) runs there too, each iteration;
its own walk reports the closed-over key it draws from on every iteration (JXP302), so
the call only leaves the key consumed for what follows.

A closure is walked on its own, after the function that makes it, with the keys as they
were when it was made; a function defined before and handed to the primitive later sees
them as they are at the call instead (a draw between the two is one it repeats).
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from jaxpure.analysis.catalog.transforms import SHAPE_ONLY, Transform, lookup
from jaxpure.analysis.flow.base import WalkerBase
from jaxpure.analysis.flow.keystate import KeyState
from jaxpure.analysis.module.index import Unit
from jaxpure.analysis.module.keyparams import closed_over_draw
from jaxpure.analysis.module.transform_args import body_arguments


class KeyBodies(WalkerBase):
    """Keys closed over by the functions lax primitives run."""

    def bodies_run_by(self, call: cst.Call) -> tuple[Transform, list[Unit]] | None:
        """The lax primitive ``call`` is and the functions of this scope it runs (lambdas
        and local functions of the function being walked, module functions at module
        level); None when ``call`` runs none, or no key is tracked here."""
        ctx = self.ctx
        if not self.tracks_keys():
            return None
        t = lookup(ctx.qualname(call.func) or "", ctx.traced_analysis.extra)
        if t is None or t.kind != "call" or t.inherit or t.name in SHAPE_ONLY:
            return None
        unit = ctx.frame.unit
        found = [body for body in (ctx.resolver.function(expr, unit)
                                   for expr in body_arguments(t, call))
                 if body is not None and body.parent is unit]
        return (t, found) if found else None

    def show_keys_to(self, bodies: list[Unit]) -> None:
        """A local function handed to the primitive runs at its call: it sees the keys as
        they are now, not as they were where it was defined (a lambda written in the call
        was made just now). Handed to several primitives, it sees what any of them shows."""
        frame = self.ctx.frame
        if frame.unit is None:
            return  # module-level functions read module names, which the walk does not track
        now = self.ctx.closed_over_keys()
        now.update((name, self.seen_by_closure(state)) for name, state in frame.keys.items())
        for body in bodies:
            made = self.ctx.closures.get(id(body.node))
            if type(body.node) is cst.Lambda or made is None:
                continue
            keys = dict(now)
            if id(body.node) in self.shown_keys:
                for name, state in made[1].items():
                    if state.consumed_by is not None and keys.get(name, state).consumed_by is None:
                        keys[name] = state  # consumed where it ran before
            self.shown_keys.add(id(body.node))
            self.ctx.closures[id(body.node)] = (made[0], keys)

    def consume_closed_over(self, call: cst.Call, t: Transform, bodies: list[Unit]) -> None:
        """The keys ``bodies`` (run by the primitive ``call``) close over and may draw from
        are consumed at ``call``, each by the first draw found (cited as the draw when it
        is written in the call, as the call when the function is defined elsewhere); a
        cond's branches inside a Python loop draw on every iteration (a loop body's own
        walk tells that for it)."""
        ctx = self.ctx
        frame = ctx.frame
        names = set(frame.closure[1]) if frame.closure else set()
        names.update(frame.keys)
        for name in sorted(n for n in names if "." not in n and "[" not in n):
            state = ctx.key_state(name)
            if state is None or state.consumed_by is call:
                continue  # not a key, or handed to the primitive itself (an operand)
            found = next(((body, draw) for body in bodies if (draw := closed_over_draw(
                ctx.resolver, ctx.index, body, name)) is not None), None)
            if found is None:
                continue
            body, draw = found
            if not t.loop:
                self.check_per_iteration(name, draw, state)
            by = draw if type(body.node) is cst.Lambda else call
            consumed = replace(state, consumed_by=by, consumed_as=None, unread=None,
                               elsewhere=())
            self.record_consumption(name, state, by, consumed)
