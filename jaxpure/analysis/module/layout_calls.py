"""What the module summary says of the calls that hand other modules' functions
structures whose parts' kinds are known (analysis/flow/layouts.py): plain data, JSON-able."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

# The ``via`` of a seed that carries the layouts one call of another module gives a function
# (``function``: ``dense`` or ``Class.method``), not a trace (flow/layouts.py)
LAYOUTS = "layouts of arguments"

# the layouts of a call's arguments (flow/layouts.py), by position (after any `self`) or
# keyword: each a tuple of (path, kind), or None where the argument's is unknown
Layouts = tuple[tuple[int | str, tuple[tuple[tuple[str, ...], int], ...] | None], ...]


def layouts_to_json(layouts: Layouts) -> list:
    return [[where, None if items is None else [[list(path), kind] for path, kind in items]]
            for where, items in layouts]


def layouts_from_json(data: list) -> Layouts:
    return tuple((where, None if items is None else
                  tuple((tuple(path), kind) for path, kind in items))
                 for where, items in data)


@dataclass(frozen=True)
class LayoutCall:
    """A traced call of a project function of another module (``callee`` qualified), or of
    an instance of its class (``bound``: ``callee`` is ``pkg.mod.Class.__call__``), with the
    layouts of its arguments."""

    callee: str
    caller: str
    line: int
    bound: bool
    layouts: Layouts

    def to_json(self) -> list:
        return [self.callee, self.caller, self.line, self.bound, layouts_to_json(self.layouts)]

    @staticmethod
    def from_json(data: list) -> LayoutCall:
        return LayoutCall(data[0], data[1], data[2], data[3], layouts_from_json(data[4]))


class CallsAndDefinitions(Protocol):
    """What :func:`layout_targets` reads of a module summary (summary.py imports this module,
    so it names the fields it needs instead of the class)."""

    @property
    def layout_calls(self) -> tuple[LayoutCall, ...]: ...
    @property
    def functions(self) -> frozenset[str]: ...
    @property
    def classes(self) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]: ...


def layout_targets(summaries: Mapping[str, tuple[CallsAndDefinitions, str, str]],
                   aliases: Mapping[str, str]
                   ) -> Iterator[tuple[str, str, str, str, LayoutCall]]:
    """For each call of a module's function, or of an instance of its class, from another
    module: (the callee's module, its name there: ``dense`` or ``Block.__call__``, where
    the call is, the calling file, the call). Each call makes a seed of its own: the
    callee joins them (flow/layouts.py)."""
    def aliased(name: str) -> str:
        for _ in range(3):  # `from .layers import Block` re-exports
            name = aliases.get(name, name)
        return name

    for name, (summary, path, relpath) in summaries.items():
        for call in summary.layout_calls:
            owner, _, method = call.callee.rpartition(".")
            callee = f"{aliased(owner)}.{method}" if call.bound else aliased(call.callee)
            module = next((m for m in (callee.rsplit(".", k)[0] for k in (1, 2))
                           if m in summaries), None)
            if module is None or module == name:
                continue
            function = callee[len(module) + 1:]
            if _defines(summaries[module][0], function):
                yield module, function, f"`{call.caller}` in {path}:{call.line}", relpath, call


def _defines(summary: CallsAndDefinitions, function: str) -> bool:
    """``dense`` a module-level function of the module, ``Block.__call__`` a method."""
    cls, _, method = function.rpartition(".")
    if not cls:
        return function in summary.functions
    return any(name == cls and method in methods for name, _b, methods in summary.classes)
