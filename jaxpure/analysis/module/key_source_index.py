"""The project's index of stateful key sources, carried in the module summaries: plain data,
JSON-able, no libcst (the prefilter loads summary.py, which imports this module).

A project may keep a key in a class of its own whose method replaces the stored key and
returns a subkey (jax-guided-diffusion's ``PRNG.split``: ``self.key, subkey =
jax.random.split(self.key); return subkey``), as ``hk.PRNGSequence`` and ``nnx.Rngs`` do:
a value drawn from through such a method is no raw key (module/key_sources.py). The class
often lives in another module than the code that draws through it, which names no class
(``def p_sample(self, x, rng): ... jax.random.normal(rng.split(), shape)``). Each summary
says, for its module:

- ``methods``: the methods of its classes that draw so;
- ``calls``: the methods its functions call, with no argument, on key-named values.

A module gets a seed naming the methods it calls that another module's class draws
through (one seed per declaring module, the first by name). Only the modules that call one
are seeded, so only they are checked again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

# The ``via`` of a seed naming (``keywords``, each with kind 0) the methods of other modules'
# classes that hand out a new key at each call, which this module calls; not a trace
KEY_SOURCES = "stateful key sources"


@dataclass(frozen=True)
class KeySources:
    methods: tuple[str, ...] = ()
    calls: tuple[str, ...] = ()

    def to_json(self) -> list:
        return [list(self.methods), list(self.calls)]

    @staticmethod
    def from_json(data: list) -> KeySources:
        return KeySources(tuple(data[0]), tuple(data[1])) if data else KeySources()


NO_KEY_SOURCES = KeySources()  # most modules' (shared: one fewer object per summary)


class HasKeySources(Protocol):
    """What :func:`key_source_targets` reads of a module summary (summary.py imports this
    module, so it names the field it needs instead of the class)."""

    @property
    def key_sources(self) -> KeySources: ...


def key_source_targets(summaries: Mapping[str, tuple[HasKeySources, str, str]]
                       ) -> Iterator[tuple[str, str, str, tuple[str, ...]]]:
    """(calling module, declaring module's path, its relpath, the methods) for each module
    that calls methods another module's classes draw through, one per declaring module."""
    declared: dict[str, str] = {}  # method -> the first module declaring it
    for name in sorted(summaries):
        for method in summaries[name][0].key_sources.methods:
            declared.setdefault(method, name)
    if not declared:
        return
    for reader, (summary, _path, _relpath) in summaries.items():
        by_module: dict[str, list[str]] = {}
        for method in summary.key_sources.calls:
            module = declared.get(method)
            if module is not None and module != reader:
                by_module.setdefault(module, []).append(method)
        for module, methods in sorted(by_module.items()):
            _summary, path, relpath = summaries[module]
            yield reader, path, relpath, tuple(sorted(methods))
