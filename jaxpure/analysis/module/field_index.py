"""The project's index of static field names, carried in the module summaries: plain data,
JSON-able, no libcst (the prefilter loads summary.py).

A serving library written for any model's cache reads ``cache.time_axis`` on a parameter
typed ``Any`` (or not at all) and never imports the model packages whose cache classes
declare ``time_axis`` static (``field(metadata=dict(static=True))`` under
``register_dataclass``). Within a module, a field static in one class is taken as static by
name (module/class_facts.py); across modules the summaries say, for each module:

- ``static``: the field names its classes declare static (module/field_markers.py);
- ``data``: the field names its pytree classes (and classes that may be pytrees: any with a
  base) declare as leaves;
- ``read``: the attribute names its traced code reads on a parameter of no known class and
  knows nothing else of (flow/members.py);
- ``factories``: its module-level functions that return a static field (fdtdx's
  ``frozen_field()``: module/frozen_fields.py).

A module gets a seed naming the names it reads that some module declares static and no
module declares a leaf: on a value whose class it cannot see, such a name is aux data of
whichever project pytree it is. Only the modules that read one are seeded, so only they are
checked again.

Each module importing a factory gets a seed naming it as the project names it, so that the
fields its classes declare with it are static too (and, through its summary, in the
modules importing those classes).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

from jaxpure.analysis.module.imported_names import imported_functions

# The ``via`` of a seed that names fields the project's classes declare static, read here
# on values of no known class (``keywords``: the names, each STATIC); not a trace
FIELD_NAMES = "static field names"
# The ``via`` of a seed that names (``function``, qualified as the project names it) a
# function of another module, imported here, whose call declares a static field
FIELD_FACTORIES = "static field factory"


@dataclass(frozen=True)
class FieldNames:
    static: tuple[str, ...] = ()
    data: tuple[str, ...] = ()
    read: tuple[str, ...] = ()
    # of ``static``, those every declaration in the module types as no None (``int``)
    sure: tuple[str, ...] = ()
    factories: tuple[str, ...] = ()

    def to_json(self) -> list:
        return [list(self.static), list(self.data), list(self.read), list(self.sure),
                list(self.factories)]

    @staticmethod
    def from_json(data: list) -> FieldNames:
        return FieldNames(tuple(data[0]), tuple(data[1]), tuple(data[2]),
                          tuple(data[3]) if len(data) > 3 else (),
                          tuple(data[4]) if len(data) > 4 else ())

    def __bool__(self) -> bool:
        return bool(self.static or self.data or self.read or self.factories)


class HasFieldNames(Protocol):
    """What :func:`field_name_targets` reads of a module summary (summary.py imports this
    module, so it names the field it needs instead of the class)."""

    @property
    def field_names(self) -> FieldNames: ...

    @property
    def reexports(self) -> tuple[tuple[str, str], ...]: ...


def field_name_targets(summaries: Mapping[str, tuple[HasFieldNames, str, str]]
                       ) -> Iterator[tuple[str, str, str, tuple[str, ...], tuple[str, ...]]]:
    """(reading module, declaring module's path, its relpath, the names, those of them
    every declaring module types as no None) for each module that reads names the project
    declares static and never a leaf, one per module declaring them (the first, by name,
    of those that do): the seed's source is a file whose change recomputes it, as for the
    other seeds."""
    readers = [(name, summary.field_names.read) for name, (summary, _p, _r) in summaries.items()
               if summary.field_names.read]
    if not readers:
        return
    declared: dict[str, str] = {}  # name -> the first module declaring it static
    data: set[str] = set()
    unsure: set[str] = set()  # declared static somewhere with a type that admits None
    for name in sorted(summaries):
        names = summaries[name][0].field_names
        data.update(names.data)
        unsure.update(set(names.static) - set(names.sure))
        for field in names.static:
            declared.setdefault(field, name)
    for reader, read in readers:
        by_module: dict[str, list[str]] = {}
        for field in read:
            module = declared.get(field)
            if module is not None and module != reader and field not in data:
                by_module.setdefault(module, []).append(field)
        for module, fields in sorted(by_module.items()):
            _summary, path, relpath = summaries[module]
            yield reader, path, relpath, tuple(sorted(fields)), \
                tuple(sorted(f for f in fields if f not in unsure))



def field_factory_targets(summaries: Mapping[str, tuple[HasFieldNames, str, str]],
                          aliases: Mapping[str, str]) -> Iterator[tuple[str, str, str, str]]:
    """(importing module, the factory as the project names it, the defining module's path,
    its relpath) for each static-field factory a module imports (imported_names.py)."""
    return imported_functions(summaries, aliases,
                              lambda summary: summary.field_names.factories)
