"""What a module summary says of a traced call on a receiver of no known class, and the
literal arguments a call passes (module/summary.py carries both)."""

from __future__ import annotations

from dataclasses import dataclass

# literal arguments of a call, by position (after any receiver) or keyword, with their
# truth values: ((0, True), ("skip_checks", True))
Truths = tuple[tuple[int | str, bool], ...]


@dataclass(frozen=True)
class ReceiverCall:
    """``cosmo.cache_set(k, v)`` in a traced function of this module, on a traced parameter
    whose class is not known here: the project's one class with that method is traced."""

    method: str
    caller: str
    line: int
    via: str
    caching: str | None
    strict: str | None
    annotated: str = ""  # the parameter's annotation, a qualified class name ("" if none)
    truths: Truths = ()  # the literal arguments, positions counted after the receiver

    def to_json(self) -> list:
        return [self.method, self.caller, self.line, self.via, self.caching, self.strict,
                self.annotated, truths_to_json(self.truths)]

    @staticmethod
    def from_json(data: list) -> ReceiverCall:
        method, caller, line, via, caching, strict, annotated = data[:7]
        return ReceiverCall(method, caller, line, via, caching, strict, annotated,
                            truths_from_json(data[7] if len(data) > 7 else []))


def truths_to_json(truths: Truths) -> list:
    return [[where, truth] for where, truth in truths]


def truths_from_json(data: list) -> Truths:
    return tuple((item[0], item[1]) for item in data)
