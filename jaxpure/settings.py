"""The effective configuration of one run, independent of where it was read from."""

from __future__ import annotations

import fnmatch
import hashlib
import json
from dataclasses import asdict, dataclass, field


def _matches(code: str, prefixes: tuple[str, ...]) -> int:
    """Length of the longest prefix in ``prefixes`` that ``code`` starts with (0: none)."""
    best = 0
    for prefix in prefixes:
        if prefix == "ALL":
            best = max(best, 1)
        elif code.startswith(prefix):
            best = max(best, len(prefix) + 1)
    return best


@dataclass(frozen=True)
class Settings:
    select: tuple[str, ...] = ("JXP",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    # (glob pattern, codes) pairs; patterns match the path relative to the project root.
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = ()
    extend_exclude: tuple[str, ...] = ()
    # user callables that behave like a known transform: {"mylib.jit": "jax.jit"}
    transforms: tuple[tuple[str, str], ...] = ()
    # user callables that return static (non-traced) Python values, like isinstance
    static_helpers: tuple[str, ...] = ()
    respect_noqa: bool = True
    unsafe_fixes: bool = False
    # where relative paths (per-file-ignores, exclude) are anchored
    root: str = field(default=".", compare=False)

    def is_enabled(self, code: str) -> bool:
        """ruff's rule: the most specific matching prefix wins; ignore wins ties."""
        selected = max(_matches(code, self.select), _matches(code, self.extend_select))
        ignored = _matches(code, self.ignore)
        return selected > 0 and selected > ignored

    def ignored_for_file(self, code: str, relpath: str) -> bool:
        for pattern, codes in self.per_file_ignores:
            if _path_matches(relpath, pattern) and _matches(code, codes):
                return True
        return False

    def fingerprint(self) -> str:
        """A stable digest of everything that changes what a file's findings are."""
        data = asdict(self)
        data.pop("root", None)
        return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _path_matches(relpath: str, pattern: str) -> bool:
    relpath = relpath.replace("\\", "/")
    if fnmatch.fnmatch(relpath, pattern):
        return True
    # a bare file name pattern ("__init__.py") matches at any depth, as in ruff
    if "/" not in pattern and fnmatch.fnmatch(relpath.rsplit("/", 1)[-1], pattern):
        return True
    # "tests/**" style: fnmatch's "*" already crosses "/", so "**/" may match nothing
    if pattern.startswith("**/") and fnmatch.fnmatch(relpath, pattern[3:]):
        return True
    return False
