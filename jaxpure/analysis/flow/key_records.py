"""KeyRecords: a key copied into a record is stored there, not drawn from.

``meta = Meta(step, rng)``, ``state = state.replace(rng=rng)``, ``s = dataclasses.replace(s,
rng=rng)``: the record's field holds the key as given (a checkpoint's copy, so that a
restarted run resumes the key sequence), and storing it draws nothing. The draw happens when
what is stored is drawn from, so the field and the key share one state, as the entries of
``{"params": key}`` do (keys.py ``bind_key_entries``): a draw from ``meta.rng``, or a call
given ``meta`` whole that may draw from its fields (a helper of the module that reads them,
any callee not known to draw nothing: an unknown ``train_step(state, batch)``), consumes
the key; a draw from the key consumes the field. A copy kept by a record built from another
(``state.replace(step=1)`` keeps ``state.rng``) shares it too.

Only a key not drawn from yet is so stored, and only into a record bound to a local name
of a function that no closure reads (the record's fields are followed by that name): storing a spent key (``normal(rng)``, then
``state.replace(rng=rng)``) hands the numbers drawn on, and stays a use; so does a record
built inside a call's arguments or returned (whoever gets it may draw).
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from jaxpure.analysis.flow.base import WalkerBase, read_by_closure
from jaxpure.analysis.catalog.pytrees import RECORD_REPLACERS
from jaxpure.analysis.flow.domain import KindScope, copying_loop
from jaxpure.analysis.flow.keystate import SHARED_KEYS, KeyState
from jaxpure.analysis.syntax import argument_paths, key_path

# (field, the path the key came from, its state) for each key a record keeps
Copies = list[tuple[str, str, KeyState]]


class KeyRecords(WalkerBase):
    """Keys stored in records."""

    def copied_into_record(self, call: cst.Call) -> bool:
        """Whether ``call`` only copies keys not drawn from yet into a record the statement
        being walked binds to a name (``meta = meta.replace(rng=rng)``)."""
        statement = self.statement
        name = bound_name(statement)
        if not name or getattr(statement, "value", None) is not call:
            return False
        unit = self.ctx.frame.unit
        if unit is None or type(unit.node) is not cst.FunctionDef \
                or name in unit.declared_global | unit.declared_nonlocal \
                or read_by_closure(unit, {name}):
            return False  # a global, or a closure's: whoever reads it may draw, out of view
        fields = stored_fields(self.ctx, call)
        if fields is None:
            return False
        stored = False
        for value in fields.values():
            states = [self.ctx.key_state(p) for p in argument_paths(value)]
            if all(state is None for state in states):
                continue
            if key_path(value) is None or any(
                    state is not None and state.consumed_by is not None for state in states):
                return False  # a key inside a tuple, or a spent one: a use as before
            stored = True
        return stored

    def record_copies(self, value: cst.BaseExpression | None) -> Copies:
        """Before a name is bound to ``value``: the keys the record ``value`` builds holds,
        as given (``Meta(0, rng)``) or kept from the record it copies (``meta.replace(
        step=1)`` keeps ``meta.rng``)."""
        if type(value) is not cst.Call:
            return []
        ctx = self.ctx
        fields = stored_fields(ctx, value)
        if fields is None:
            return []
        found: Copies = []
        for field, given in fields.items():
            path = key_path(given)
            state = ctx.key_state(path) if path is not None else None
            if path is not None and state is not None and state.consumed_by is not value:
                # (a store taken for a use, copied_into_record's refusals, is as before)
                found.append((field, path, state))
        source = _copied_record(ctx, value)
        base = key_path(source) if source is not None else None
        if base is not None:
            prefix = base + "."
            for path, state in ctx.frame.keys.items():
                field = path[len(prefix):]
                if path.startswith(prefix) and field.partition(".")[0].partition("[")[0] \
                        not in fields:
                    found.append((field, path, state))
        return found

    def bind_record_fields(self, name: str, copies: Copies) -> None:
        """``name`` now holds a record whose fields hold the keys ``copies`` names: each field
        shares its key's state (one consumed through either is consumed for both)."""
        keys = self.ctx.frame.keys
        for field, source, state in copies:
            token = state.shared if state.shared is not None else next(SHARED_KEYS)
            if source in keys:
                keys[source] = replace(keys[source], shared=token)
            # a copy made in a loop hands out the same key on every iteration (key_loops.py)
            keys[f"{name}.{field}"] = replace(state, alias_of=state.alias_of or source,
                                              alias_loop=copying_loop(self.ctx.loops),
                                              shared=token)


def bound_name(statement: cst.CSTNode | None) -> str:
    """The one name ``name = ...`` or ``name: T = ...`` binds ("" for any other)."""
    target: cst.BaseExpression | None = None
    if type(statement) is cst.Assign and len(statement.targets) == 1:
        target = statement.targets[0].target
    elif type(statement) is cst.AnnAssign:
        target = statement.target
    return target.value if type(target) is cst.Name else ""


def stored_fields(ctx: KindScope, call: cst.Call) -> dict[str, cst.BaseExpression] | None:
    """Field -> value for a call that builds a record from its arguments: a record class of
    the module (module/records.py), or a copy with fields replaced by keyword
    (``state.replace(rng=rng)``, ``s._replace(rng=rng)``, ``dataclasses.replace(s,
    rng=rng)``); None for any other call."""
    if any(arg.star for arg in call.args):
        return None
    names = ctx.facts.records.fields(call.func, ctx.frame.unit)
    if names is not None:
        found: dict[str, cst.BaseExpression] = {}
        for i, arg in enumerate(call.args):
            field = arg.keyword.value if arg.keyword is not None else \
                names[i] if i < len(names) else None
            if field is None:
                return None
            found[field] = arg.value
        return found
    if _copied_record(ctx, call) is None:
        return None
    given = call.args[1:] if type(call.func) is not cst.Attribute else call.args
    return {arg.keyword.value: arg.value for arg in given if arg.keyword is not None}


def _copied_record(ctx: KindScope, call: cst.Call) -> cst.BaseExpression | None:
    """The record ``call`` copies with fields replaced by keyword (``state`` of
    ``state.replace(rng=rng)`` or ``dataclasses.replace(state, rng=rng)``)."""
    func = call.func
    if type(func) is cst.Attribute and func.attr.value in RECORD_REPLACERS:
        given, record = call.args, func.value
    elif ctx.qualname(func) == "dataclasses.replace" and call.args \
            and call.args[0].keyword is None:
        given, record = call.args[1:], call.args[0].value
    else:
        return None
    return record if given and all(arg.keyword is not None for arg in given) else None
