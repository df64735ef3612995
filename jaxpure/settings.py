"""The effective configuration of one run, independent of where it was read from."""

from __future__ import annotations

import fnmatch
import hashlib
import json
from dataclasses import asdict, dataclass, field

# What a test file is, by ruff's and pytest's conventions; patterns are relative to the
# project root, so a checkout that itself lives under a "tests" directory is not all tests.
DEFAULT_TEST_FILES = ("test_*.py", "*_test.py", "conftest.py", "**/tests/**", "**/test/**")
# The rules off in test files by default. In tests they flag deliberate idioms: trace
# counters (JXP102, JXP103), a fixed seed in a test's traced function (JXP105), a jit per test
# case (JXP603). Survey of 16 projects: 122 test findings, all 55 judged deliberate
# (docs/precision.md, "What a test file is told by default"). Key reuse stays on.
DEFAULT_TEST_IGNORE = ("JXP102", "JXP103", "JXP105", "JXP603")


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
    # the project's own entry points that its users trace: qualified-name patterns
    # ("pkg.envs.*.step"), matched with fnmatch
    traced: tuple[str, ...] = ()
    # the test-file profile: which files are tests, and the codes that are off in them
    test_files: tuple[str, ...] = DEFAULT_TEST_FILES
    test_ignore: tuple[str, ...] = DEFAULT_TEST_IGNORE
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
        """Off for this file by per-file-ignores or the test profile (as ruff's per-file-ignores:
        an explicit --select does not turn it back on)."""
        for pattern, codes in self.per_file_ignores:
            if _path_matches(relpath, pattern) and _matches(code, codes):
                return True
        return bool(_matches(code, self.test_ignore)) and self.is_test_file(relpath)

    def is_test_file(self, relpath: str) -> bool:
        """Whether ``relpath`` (relative to the project root) is a test file by ``test_files``."""
        relpath = relpath.replace("\\", "/")
        if relpath.startswith("/") or relpath[1:3] == ":/":
            # an absolute path has no project root to be relative to: only its name counts
            relpath = relpath.rsplit("/", 1)[-1]
        return any(_path_matches(relpath, pattern) for pattern in self.test_files)

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
