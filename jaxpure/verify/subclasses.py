"""The concrete classes an abstract class's method can run on: the class itself unless it is
abstract, then its subclasses nearest first (the files defining them must be imported first,
``instances._import_files``)."""

from __future__ import annotations

import inspect
from collections.abc import Iterator

MAX_SUBCLASSES = 12


def concrete_classes(owner: type) -> list[type]:
    """The class (unless abstract), then its concrete subclasses, nearest first."""
    found = [owner] if not inspect.isabstract(owner) else []
    found += [c for c in _subclasses(owner) if not inspect.isabstract(c) and c not in found]
    return found[:MAX_SUBCLASSES]


def _subclasses(owner: type) -> Iterator[type]:
    seen: set[type] = set()
    layer = [owner]
    while layer:
        following: list[type] = []
        for cls in layer:
            try:
                below: list[type] = cls.__subclasses__()
            except TypeError:  # type.__subclasses__ needs an argument
                continue
            for sub in sorted(below, key=lambda c: c.__qualname__):
                if sub not in seen and not sub.__name__.startswith("_"):
                    seen.add(sub)
                    following.append(sub)
                    yield sub
        layer = following
