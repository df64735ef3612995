"""What another module's method does with the key in a dict entry (key_entries.py across
modules).

``self._get_obs(data, info)`` in a class whose base, in another module, defines
``_get_obs``: whether the method draws from ``info["rng"]`` is known only there. The calling
module's summary asks (its class, the method, the argument, the entry); propagation finds
the class that defines the method along single bases, unless a subclass of the caller's
class anywhere overrides it, and hands that module the ask as a seed; the module's next
summary carries the answer, which propagation hands back. An ask is made only for a dict
holding a key handed to a method the calling module cannot see, so nothing is computed
for the rest of the project.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from jaxpure.analysis.module.class_closure import aliased

# (a class of the asking module, the method, the argument: its position after `self` or
# its keyword, the entry: "['rng']")
EntryAsk = tuple[str, str, int | str, str]
# (the class of the answering module that defines the method, the method, the argument,
# the entry, what the method does with it: key_entries.UNREAD, REPLACED or SPENT)
EntryAnswer = tuple[str, str, int | str, str, str]
# the entries a seed carries: (argument, entry, use; "" in an ask)
Entries = tuple[tuple[int | str, str, str], ...]

ENTRY_ASK = "entry ask"  # the ``via`` of a seed asking a module about its method
ENTRY_USE = "entry use"  # the ``via`` of a seed bringing the answer back

# classes followed from the caller's up to the one that defines the method
_MAX_DEPTH = 16


class EntrySummary(Protocol):
    """The fields of a module summary read here (summary.ModuleSummary)."""

    @property
    def classes(self) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]: ...

    @property
    def entry_asks(self) -> tuple[EntryAsk, ...]: ...

    @property
    def entry_answers(self) -> tuple[EntryAnswer, ...]: ...


# (module given the seed, "Class.method", via, origin, the contributing file's relpath,
# entries)
EntryTarget = tuple[str, str, str, str, str, Entries]


def entry_targets(summaries: Mapping[str, tuple[EntrySummary, str, str]],
                  aliases: Mapping[str, str]) -> list[EntryTarget]:
    """An ask seed for the module defining each asked method, and an answer seed for the
    asking module once that module's summary answers."""
    if not any(summary.entry_asks for summary, _p, _r in summaries.values()):
        return []
    classes: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
    for name, (summary, _path, _relpath) in summaries.items():
        for cls, bases, methods in summary.classes:
            classes[f"{name}.{cls}"] = (name, tuple(aliased(aliases, b) for b in bases), methods)
    found: list[EntryTarget] = []
    for name, (summary, path, relpath) in summaries.items():
        for cls, method, where, entry in summary.entry_asks:
            defining = _defining_class(classes, f"{name}.{cls}", method)
            if defining is None or _overridden(classes, f"{name}.{cls}", method):
                continue
            module = classes[defining][0]
            local = defining[len(module) + 1:]
            found.append((module, f"{local}.{method}", ENTRY_ASK, f"`{cls}` in {path}",
                          relpath, ((where, entry, ""),)))
            answering, shown, answered_in = summaries[module]
            use = next((answer[4] for answer in answering.entry_answers
                        if answer[:4] == (local, method, where, entry)), None)
            if use is not None:
                found.append((name, f"{cls}.{method}", ENTRY_USE,
                              f"`{local}.{method}` in {shown}", answered_in,
                              ((where, entry, use),)))
    return found


def _defining_class(classes: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...]]],
                    owner: str, method: str) -> str | None:
    """The class of another module whose ``method`` an instance of ``owner`` runs, along
    single bases; None when a class on the way has several, or is not the project's."""
    current = owner
    for _ in range(_MAX_DEPTH):
        known = classes.get(current)
        if known is None or len(known[1]) != 1:
            return None
        current = known[1][0]
        defining = classes.get(current)
        if defining is not None and method in defining[2]:
            return current if defining[0] != classes[owner][0] else None
    return None


def _overridden(classes: Mapping[str, tuple[str, tuple[str, ...], tuple[str, ...]]],
                owner: str, method: str) -> bool:
    """Whether a subclass of ``owner`` (in any module) defines ``method``: an instance of
    it runs that one."""
    derived = {owner}
    changed = True
    while changed:
        changed = False
        for qualified, (_module, bases, _methods) in classes.items():
            if qualified not in derived and derived.intersection(bases):
                derived.add(qualified)
                changed = True
    return any(method in classes[q][2] for q in derived - {owner})
