"""What can be known about a file without parsing it (and without importing libcst).

A file whose text mentions none of JAX's packages (nor a configured transform's) cannot be
traced by JAX or use its arrays: every rule resolves names through imports of those
packages. Such a file is not parsed unless another module's traced code calls into it
(analysis across modules), and its summary is read off its text. This module imports
nothing heavy, so the runner can use it before deciding to load the engine.
"""

from __future__ import annotations

import re

from jaxpure.analysis.module.module_names import resolve_relative
from jaxpure.analysis.module.summary import LIBRARY_PREFIXES, ModuleSummary
from jaxpure.settings import Settings
from jaxpure.sources import LINE_START

# pytreeclass: a module of pytree field helpers may import it alone (fdtdx's frozen_field)
MARKERS = ("jax", "flax", "equinox", "nnx", "pytreeclass")

# at the start of any of Python's lines (a lone \r ends one too: jaxpure.sources)
_TOP_LEVEL_DEF = re.compile(LINE_START + r"(?:async\s+)?def\s+(\w+)")
# `from .a import b, c as d`, also in parentheses over lines and with comments after them
_FROM_IMPORT = re.compile(LINE_START + r"from\s+(\.*[\w.]*)\s+import\s+"
                          r"(?:\(([^)]*)\)|([\w \t,]+))[ \t]*(?:#[^\r\n]*)?(?=[\r\n]|\Z)")
_COMMENT = re.compile(r"#[^\r\n]*")


def mentions_jax(source: str, settings: Settings) -> bool:
    markers = MARKERS + tuple(name.split(".", 1)[0] for name, _ in settings.transforms)
    return any(marker in source for marker in markers)


def textual_summary(name: str, package: str | None, source: str) -> ModuleSummary:
    """A summary without parsing: top-level functions and `from x import y` re-exports,
    the re-exports a parsed summary gives (none of a library's names, engine.module_summary):
    otherwise seeds the text gives would be withdrawn once the seeded file is parsed, and
    given again once it is answered from its text, round after round."""
    reexports = []
    for match in _FROM_IMPORT.finditer(source):
        dots = len(match.group(1)) - len(match.group(1).lstrip("."))
        base = resolve_relative(match.group(1).lstrip("."), dots, package)
        names = _COMMENT.sub("", match.group(2)) if match.group(2) is not None else match.group(3)
        for part in names.split(","):
            words = part.split()
            if len(words) == 1:
                reexports.append((words[0], f"{base}.{words[0]}"))
            elif len(words) == 3 and words[1] == "as":
                reexports.append((words[2], f"{base}.{words[0]}"))
    reexports = [(alias, target) for alias, target in reexports
                 if not target.startswith(LIBRARY_PREFIXES)]
    return ModuleSummary(name, frozenset(_TOP_LEVEL_DEF.findall(source)), (), tuple(reexports))
