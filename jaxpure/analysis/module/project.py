"""The names each checked module is imported by, and the seeds each file gets from the others.

A module's own name comes from its package chain (``a/b/c.py`` is ``b.c`` when only ``b/`` has
an ``__init__.py``). Python also imports a directory without one as a namespace package
(PEP 420) from whichever directory above it is on ``sys.path`` (the project root when its
scripts run from there, a script's own directory, a source root), so
``internal/camera_utils.py`` is ``internal.camera_utils`` to ``from internal import
camera_utils`` and ``camera_utils`` to a script beside it. Each dotted path from a directory
above the module is therefore one more name of it, unless another checked module has the
same name; they are read from the path relative to the root that every job carries, so
nothing more is read from the disk."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from jaxpure.analysis.module.summary import ModuleSummary, Seed, propagate


def import_names(module: str, relpath: str) -> list[str]:
    """The names a module can be imported by: its own (``camera_utils``, from its package
    chain) and then, while the directories above it have names Python can import,
    the dotted path from each (``internal.camera_utils``, ``proj.internal.camera_utils``)."""
    parts = relpath.replace("\\", "/").split("/")
    own = module.split(".")
    if not parts[-1].endswith(".py"):
        return [module]  # a notebook is never imported
    parts[-1] = parts[-1][:-3]
    if parts[-1] == "__init__":
        parts.pop()
    if parts[len(parts) - len(own):] != own:
        return [module]
    names = [module]
    for start in range(len(parts) - len(own) - 1, -1, -1):
        if not parts[start].isidentifier():
            break
        names.append(".".join(parts[start:]))
    return names


def seeds_by_file(entries: Sequence[tuple[ModuleSummary | None, str, str]]
                  ) -> list[tuple[Seed, ...]]:
    """The seeds of each entry (its summary, the path shown for it, its path relative to the
    project root), from the calls all of them make to each other."""
    named = _unambiguous_names(entries)
    keys = [names[0] if names else None for names in named]
    modules: dict[str, tuple[ModuleSummary, str, str]] = {}
    second_names: dict[str, str] = {}
    for (summary, path, relpath), names in zip(entries, named):
        if summary is not None and names:
            modules[names[0]] = (summary, path, relpath)
            second_names.update((name, names[0]) for name in names[1:])
    if second_names:
        rename = _renamer(second_names)
        modules = {key: (renamed(summary, rename), path, relpath)
                   for key, (summary, path, relpath) in modules.items()}
    seeds = propagate(modules)
    return [tuple(seeds.get(key, ())) if key is not None else () for key in keys]


def _unambiguous_names(entries: Sequence[tuple[ModuleSummary | None, str, str]]
                       ) -> list[list[str]]:
    """Each entry's import names that no other entry has, the first its name in the
    project: two ``utils.py`` in directories without ``__init__.py`` are told apart by
    ``a.utils`` and ``b.utils``, and ``utils`` names neither."""
    named = [import_names(summary.module, relpath) if summary is not None and summary.module
             else [] for summary, _path, relpath in entries]
    claims: dict[str, int] = {}
    for names in named:
        for name in names:
            claims[name] = claims.get(name, 0) + 1
    return [[name for name in names if claims[name] == 1] for names in named]


def _renamer(second_names: Mapping[str, str]) -> Callable[[str], str]:
    """Rewrites a qualified name under a module's second name to its project name
    (``internal.camera_utils.convert`` -> ``camera_utils.convert``); others unchanged."""

    def rename(qualified: str) -> str:
        head = qualified
        while head:
            key = second_names.get(head)
            if key is not None:
                return key + qualified[len(head):]
            head = head.rpartition(".")[0]
        return qualified

    return rename


def renamed(summary: ModuleSummary, rename: Callable[[str], str]) -> ModuleSummary:
    """``summary`` with every qualified name it holds of other modules passed through
    ``rename``."""
    return replace(
        summary,
        calls=tuple(replace(call, callee=rename(call.callee)) for call in summary.calls),
        reexports=tuple((alias, rename(target)) for alias, target in summary.reexports),
        classes=tuple((cls, tuple(rename(base) for base in bases), methods)
                      for cls, bases, methods in summary.classes),
        self_calls=tuple(replace(call, owner=rename(call.owner)) if call.typed else call
                         for call in summary.self_calls),
        receiver_calls=tuple(replace(call, annotated=rename(call.annotated))
                             for call in summary.receiver_calls),
        class_conditions=tuple(
            (cls, tuple((member, tuple((rename(owner), path) for owner, path in conds))
                        for member, conds in members))
            for cls, members in summary.class_conditions),
        class_fields=tuple((cls, tuple((field, rename(owner)) for field, owner in held))
                           for cls, held in summary.class_fields),
        layout_calls=tuple(replace(call, callee=rename(call.callee))
                           for call in summary.layout_calls),
    )


def seeds_fingerprint(seeds: Iterable[Seed]) -> str:
    import hashlib

    # by text: a seed's fields may be None in one and a string in another
    text = repr(sorted(repr(s.key() + (s.origin,)) for s in seeds))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
