"""The walker's shared state, declared once for its parts (kinds, keys, key loops, call
sites): each part is a mixin of the one Walker, so there is one walk per file."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from jaxpure.analysis.context import Context
from jaxpure.analysis.flow.domain import Handler, Loop
from jaxpure.analysis.flow.keystate import KeyReuseInLoop


class WalkerBase:
    ctx: Context
    handlers: dict[type, list[Handler]]
    # loop reuse events wait until the loop body is walked: a use followed by
    # break/return happens only once
    pending_loop_reuse: list[tuple[Loop, KeyReuseInLoop]]
    _statements: dict[type, Callable[..., None] | None]
    statement: cst.CSTNode | None  # the innermost statement being walked
    # the statement each key-consuming call sits in (id of the call -> statement)
    consumed_in: dict[int, cst.CSTNode | None]
    # the statements being walked, innermost last, each as (its block, its index there)
    lines: list[tuple[tuple[cst.CSTNode, ...], int]]
    # the line each key-consuming call sits in (id of the call -> block, index)
    consumed_line: dict[int, tuple[tuple[cst.CSTNode, ...], int] | None]
    # the expressions whose value is only tested for truth (`if`/`while`/`assert` tests)
    tests: set[int]
    # (id of a unit, key) reported as closed over by a loop body or tree.map function
    closed_over_reported: set[tuple[int, str]]
    # (id of a vmap application, parameter) reported as a key broadcast to the batch
    broadcast_reported: set[tuple[int, str]]
