"""The locals a method binds once to a static value, worked out only when read.

class_facts.py asks whether a method's returns are static; a return reads a few of the
method's locals, so each local is worked out when a return (or another local) first reads
it, not all of them up front (most methods are not static, and the first value that is not
says so). A local read while it is being worked out (``a = b + 1`` ... ``b = a``) is not
static: no value of a cycle of single assignments can be, as the fixpoint of the whole set
would also find.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

import libcst as cst

C = TypeVar("C")


class StaticLocals(Mapping[str, C]):
    """``known``: names static from the start (parameters given static values, imports);
    ``pending``: the names bound once, each worked out by ``static`` of ``value_of(name)``
    (its value, or None) with this mapping for the names it reads."""

    def __init__(self, known: dict[str, C], pending: set[str],
                 value_of: Callable[[str], cst.BaseExpression | None],
                 static: Callable[[cst.BaseExpression, Mapping[str, C]], C | None]) -> None:
        self._known = known
        self._pending = pending
        self._value_of = value_of
        self._static = static

    def _get(self, name: str) -> C | None:
        found = self._known.get(name)
        if found is not None or name not in self._pending:
            return found
        self._pending.discard(name)  # being worked out: a cycle reads it as not static
        value = self._value_of(name)
        result = self._static(value, self) if value is not None else None
        if result is not None:
            self._known[name] = result
        return result

    def __contains__(self, name: object) -> bool:
        return type(name) is str and self._get(name) is not None

    def __getitem__(self, name: str) -> C:
        found = self._get(name)
        if found is None:
            raise KeyError(name)
        return found

    def __iter__(self) -> Iterator[str]:
        for name in list(self._pending):  # a comprehension copies them all
            self._get(name)
        return iter(dict(self._known))

    def __len__(self) -> int:
        return sum(1 for _ in self)
