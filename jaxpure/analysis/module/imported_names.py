"""Which functions of other modules a module imports, for facts the summaries carry by
function name (static-field factories, tracer tests): plain data, no libcst (the prefilter
loads summary.py, which imports this)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol, TypeVar

from jaxpure.analysis.module.class_closure import aliased


class HasReexports(Protocol):
    @property
    def reexports(self) -> tuple[tuple[str, str], ...]: ...


_Summary = TypeVar("_Summary", bound=HasReexports)


def imported_functions(summaries: Mapping[str, tuple[_Summary, str, str]],
                       aliases: Mapping[str, str], named: Callable[[_Summary], Iterable[str]]
                       ) -> Iterator[tuple[str, str, str, str]]:
    """(importing module, the function as the project names it, the defining module's
    path, its relpath) for each function ``named`` gives of a module that another module
    imports: directly, through a re-export, or as a member of a module it imports
    (``import pkg.pytrees as pt``)."""
    defined = {f"{name}.{function}": (path, relpath)
               for name, (summary, path, relpath) in summaries.items()
               for function in named(summary)}
    if not defined:
        return
    names = dict(defined)
    for alias in aliases:  # every name that re-exports one
        target = aliased(aliases, alias)
        if target in defined:
            names[alias] = defined[target]
    for module, (summary, _path, _relpath) in summaries.items():
        imported = {target for _alias, target in summary.reexports}
        for name, (path, relpath) in names.items():
            if not name.startswith(module + ".") and (
                    name in imported or name.rpartition(".")[0] in imported):
                yield module, name, path, relpath
