"""Which members of each class of the project are static once every module's classes are
known (module/class_facts.py gives each module's part; summary.propagate settles them).

The summary's class facts are read through a Protocol, so this module does not import the
summary that imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

# what is known of a class, handed through module_classes unread
_Facts = TypeVar("_Facts")

# paths through fields the class facts carry: "joints.dofs" (two parts) and one level more
MAX_PATH = 3

# class facts that depend on other modules' classes (module/class_facts.py): for a class,
# its members each with the (qualified class, dotted path) pairs that must be static
ClassConditions = tuple[tuple[str, tuple[tuple[str, tuple[tuple[str, str], ...]], ...]], ...]
# for a class, its fields each with the qualified class it holds
ClassFields = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]


class _Leaves(Protocol):
    @property
    def data(self) -> tuple[str, ...]: ...


class ClassSummary(Protocol):
    """The fields of a module summary read here (summary.ModuleSummary)."""

    @property
    def classes(self) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...]: ...

    @property
    def field_names(self) -> _Leaves: ...

    @property
    def static_members(self) -> tuple[tuple[str, tuple[str, ...]], ...]: ...

    @property
    def class_conditions(self) -> ClassConditions: ...

    @property
    def class_fields(self) -> ClassFields: ...


def class_closure(summaries: Mapping[str, tuple[ClassSummary, str, str]],
                  aliases: Mapping[str, str]) -> dict[str, set[str]]:
    """Each class's static members once the classes of every module are known: a member
    that needs static paths of other classes (``Model.dofs`` reads
    ``self.params.joints.dofs``: a class of another module, whose own fields hold a class
    of a third) is static when they are, and a field holding a class adds that class's
    members as paths (``params.number_of_links``), up to MAX_PATH parts. A class inherits
    the static members of its bases in other modules (fdtdx's ``Detector`` the
    ``grid_slice_tuple`` of ``SimulationObject``) but those it defines itself or its module
    declares as leaves. Settled here, in one step, rather than by a round of analysis per
    module a chain crosses."""
    static: dict[str, set[str]] = {}
    pending: dict[str, list[tuple[str, tuple[tuple[str, str], ...]]]] = {}
    fields: dict[str, dict[str, str]] = {}
    for name, (summary, _path, _relpath) in summaries.items():
        for cls, members in summary.static_members:
            static.setdefault(f"{name}.{cls}", set()).update(members)
        for cls, needing in summary.class_conditions:
            static.setdefault(f"{name}.{cls}", set())
            pending[f"{name}.{cls}"] = [
                (member, tuple((aliased(aliases, owner), path) for owner, path in conds))
                for member, conds in needing]
        for cls, holding in summary.class_fields:
            fields[f"{name}.{cls}"] = {field: aliased(aliases, owner) for field, owner in holding}
    bases = _bases(summaries, aliases)

    def holds(owner: str, path: tuple[str, ...], depth: int = 0) -> bool:
        members = static.get(owner, set())
        if any(".".join(path[:i]) in members for i in range(1, len(path) + 1)):
            return True
        held = fields.get(owner, {}).get(path[0])
        return held is not None and len(path) > 1 and depth < 2 * MAX_PATH \
            and holds(held, path[1:], depth + 1)

    changed = True
    while changed:
        changed = False
        for owner, (based, own, leaves) in bases.items():
            # a base whose static field the subclass's module makes a leaf gives nothing:
            # its properties over that field would read the leaf
            inherited = {member for base in based if not leaves & static.get(base, set())
                         for member in static.get(base, ())
                         if member.split(".", 1)[0] not in own} - static.get(owner, set())
            if inherited:
                static.setdefault(owner, set()).update(inherited)
                changed = True
        for owner, conditional in pending.items():
            for member, conds in conditional:
                if member not in static[owner] and all(
                        holds(c, tuple(path.split("."))) for c, path in conds):
                    static[owner].add(member)
                    changed = True
    for _ in range(MAX_PATH - 1):  # paths through fields, one part more each time
        for owner, by_field in fields.items():
            for field, cls in by_field.items():
                if field not in static.get(owner, ()):
                    # a copy: a field may hold its own class (a tree node's `child`), and
                    # then the set read is the set grown
                    static.setdefault(owner, set()).update(
                        [f"{field}.{path}" for path in static.get(cls, ())
                         if path.count(".") + 2 <= MAX_PATH])
    return static


def _bases(summaries: Mapping[str, tuple[ClassSummary, str, str]], aliases: Mapping[str, str]
           ) -> dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str]]]:
    """Each class with bases of another module: (those bases, the names its static members
    may not come from them by: its methods, the leaves its module declares, ``__init__``
    (its instances are Python values only when its own fields are all static); those
    leaves)."""
    found: dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str]]] = {}
    for name, (summary, _path, _relpath) in summaries.items():
        leaves = frozenset(summary.field_names.data)
        for cls, based, methods in summary.classes:
            other = tuple(base for base in (aliased(aliases, b) for b in based)
                          if base.rpartition(".")[0] != name)
            if other:
                found[f"{name}.{cls}"] = (other, leaves | frozenset(methods) | {"__init__"},
                                          leaves)
    return found


def aliased(aliases: Mapping[str, str], name: str) -> str:
    """``pkg.kernels.Kernel`` re-exported from ``pkg.kernels.base``: the defining name."""
    for _ in range(3):
        name = aliases.get(name, name)
    return name


def module_classes(summaries: Mapping[str, object], classes: Mapping[str, _Facts],
                   aliases: Mapping[str, str], module: str,
                   shown: str) -> list[tuple[str, _Facts]]:
    """The classes ``shown.<Class>`` of a module and, for a package, ``shown.<sub>.<Class>``
    and ``shown.<sub>.<sub>.<Class>`` of the modules in it (``js.model.Model`` after
    ``import pkg.api as js``: an annotation can name them so once they are imported), and
    the classes they re-export (``jaxlie.MatrixLieGroup`` after ``import jaxlie``, whose
    ``__init__`` imports it from ``jaxlie._base``)."""
    if module not in summaries:
        return []
    found = [(f"{shown}.{qualified[len(module) + 1:]}", facts)
             for qualified, facts in classes.items()
             if qualified.startswith(module + ".") and qualified.count(".") - module.count(".") <= 3]
    return found + [(f"{shown}.{alias[len(module) + 1:]}", classes[target])
                    for alias in aliases
                    if alias.startswith(module + ".") and alias.count(".") - module.count(".") <= 3
                    for target in [aliased(aliases, alias)] if target in classes]
