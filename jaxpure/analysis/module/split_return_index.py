"""The project's index of functions that only split a key parameter and return the children
(module/split_returns.py reads them), carried in the module summaries: plain data,
JSON-able, no libcst (the prefilter loads summary.py, which imports this module).

A summary names, for its module-level functions, each such parameter with its position and
the paths of the children in the result (``"2.1"``: the second element of the third; paths
joined by ``;``, the whole result ``""``). A module importing one gets a seed (``via``
SPLIT_RETURNS, ``keywords`` the parameter with its position, then the paths with 0), so its
calls of the function count as splits of the key they pass (flow/key_uses.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Protocol

from jaxpure.analysis.module.class_closure import aliased
from jaxpure.analysis.module.imported_names import imported_functions

# (function, key parameter, its position among the positional parameters, -1 keyword-only,
# the paths of the children in its result)
SplitReturn = tuple[str, str, int, str]

# The ``via`` of a seed naming such a function the module imports (qualified as it names it)
SPLIT_RETURNS = "key split and returned by the callee"


def paths_text(paths: tuple[tuple[int, ...], ...]) -> str:
    return ";".join(".".join(map(str, path)) for path in paths)


def paths_from_text(text: str) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(int(i) for i in path.split(".") if i) for path in text.split(";"))


def valid_split_return(fact: object) -> bool:
    """The JSON form of a SplitReturn: [function, parameter, position, paths]."""
    return isinstance(fact, list) and len(fact) == 4 and isinstance(fact[0], str) \
        and isinstance(fact[1], str) and type(fact[2]) is int and isinstance(fact[3], str) \
        and all(part.isdigit() for path in fact[3].split(";") for part in path.split(".") if part)


class HasSplitReturns(Protocol):
    @property
    def reexports(self) -> tuple[tuple[str, str], ...]: ...

    @property
    def split_returns(self) -> tuple[SplitReturn, ...]: ...


def split_return_targets(summaries: Mapping[str, tuple[HasSplitReturns, str, str]],
                         aliases: Mapping[str, str]
                         ) -> Iterator[tuple[str, str, str, str, SplitReturn]]:
    """(importing module, the function as the project names it, the defining module's path,
    its relpath, the fact) for each such function a module imports."""
    facts = {f"{name}.{fact[0]}": fact for name, (summary, _p, _r) in summaries.items()
             for fact in summary.split_returns}
    if not facts:
        return
    functions: dict[str, list[str]] = {}
    for qualified, fact in facts.items():
        functions.setdefault(qualified.rpartition(".")[0], []).append(fact[0])
    for module, name, path, relpath in imported_functions(
            summaries, aliases, lambda summary: [fact[0] for fact in summary.split_returns]):
        for qualified in (name, aliased(aliases, name)):
            if qualified in facts:
                yield module, name, path, relpath, facts[qualified]
                break
