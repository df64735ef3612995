"""Which files a run checks: walk the given paths, honouring excludes and .gitignore files.

Semantics follow ruff and ripgrep: a path named on the command line is always checked (a
directory named there is always entered) unless ``--force-exclude``; below it, entries are
skipped when a built-in rule, a configured ``exclude``/``extend-exclude`` pattern, or a
``.gitignore`` (nested ones and ``.git/info/exclude`` included) names them. Problems never
stop the walk: each becomes one :class:`Problem` line and the other files are still found.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

PYTHON_SUFFIXES = (".py", ".pyi")
# what a directory walk checks: Python files and Jupyter notebooks (notebooks.py)
CHECKED_SUFFIXES = (*PYTHON_SUFFIXES, ".ipynb")

# Directories no project wants linted: VCS data, virtual environments, tool caches, build
# output. Always skipped below a named path; ``exclude`` adds to this list, never replaces
# it, so configuring one pattern cannot suddenly pull a .venv into the run.
SKIPPED_DIR_NAMES = frozenset({
    ".git", ".hg", ".svn", ".bzr", ".jj",
    ".venv", "venv", ".tox", ".nox", "__pypackages__",
    "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".jaxpure_cache", ".eggs",
    "build", "dist", "node_modules", ".ipynb_checkpoints",
})


@dataclass(frozen=True)
class Problem:
    """One line for stderr. Errors make the run exit 2; warnings do not."""

    path: str
    message: str
    is_error: bool = False

    def __str__(self) -> str:
        return f"{'error' if self.is_error else 'warning'}: {self.path}: {self.message}"


@dataclass(frozen=True)
class Discovered:
    files: tuple[Path, ...]
    problems: tuple[Problem, ...] = ()
    # (path, why) for what a walk left out, shown by --verbose
    skipped: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class _Spec:
    """Gitignore-style patterns anchored at ``base``."""

    base: Path
    spec: GitIgnoreSpec
    # patterns that match the explicitly named path being walked (or an ancestor of it):
    # they would exclude everything below it, which the user overrode by naming it
    overridden: frozenset[int] = frozenset()

    def decide(self, path: Path, is_dir: bool) -> bool | None:
        """True: excluded, False: re-included by a negation, None: no pattern applies."""
        try:
            rel = path.relative_to(self.base).as_posix()
        except ValueError:
            return None
        result = self.spec.check_file(rel + "/" if is_dir else rel)
        if result.include is None or result.index in self.overridden:
            return None
        return bool(result.include)

    def for_walk_root(self, root: Path) -> _Spec:
        try:
            rel = root.relative_to(self.base).as_posix()
        except ValueError:
            return self
        if rel == ".":
            return self
        hits = frozenset(
            index for index, pattern in enumerate(self.spec.patterns)
            if pattern.include and pattern.match_file(rel + "/") is not None
        )
        return _Spec(self.base, self.spec, hits) if hits else self


def _load_spec(base: Path, files: Iterable[Path]) -> _Spec | None:
    lines: list[str] = []
    for file in files:
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        # git splits at \n only (str.splitlines would also split at \f, \x85, U+2028...)
        lines.extend(line.removesuffix("\r") for line in text.split("\n"))
    if not any(line.strip() and not line.startswith("#") for line in lines):
        return None
    return _Spec(base, _compile(lines))


def _compile(lines: Sequence[str]) -> GitIgnoreSpec:
    # imported on first use: checking only named files (pre-commit) never needs it
    from pathspec import GitIgnoreSpec

    return GitIgnoreSpec.from_lines(list(lines))


@dataclass
class Excluder:
    """Decides whether a path found while walking is skipped."""

    root: Path  # the project root that exclude patterns are relative to
    patterns: Sequence[str] = ()
    respect_gitignore: bool = True
    _exclude: _Spec | None = field(init=False, default=None)
    _gitignores: dict[Path, _Spec | None] = field(init=False, default_factory=dict)
    # (directory, walk root) -> the specs to consult, deepest first; walks ask per entry
    _chains: dict[tuple[Path, Path | None], tuple[_Spec, ...]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.root = Path(os.path.abspath(self.root))
        if self.patterns:
            self._exclude = _Spec(self.root, _compile(self.patterns))

    def skipped_dir_name(self, directory: Path) -> bool:
        name = directory.name
        return name in SKIPPED_DIR_NAMES or name.endswith(".egg-info") or \
            _is_file(directory / "pyvenv.cfg")

    def excluded(self, path: Path, is_dir: bool, walk_root: Path | None = None) -> bool:
        """``path`` is absolute (symlinks not resolved, so patterns see the path as named)."""
        for spec in self._specs_for(path.parent, walk_root):
            decision = spec.decide(path, is_dir)
            if decision is not None:
                return decision
        return False

    def _specs_for(self, directory: Path, walk_root: Path | None) -> tuple[_Spec, ...]:
        key = (directory, walk_root)
        specs = self._chains.get(key)
        if specs is None:
            found = [self._exclude] if self._exclude else []
            if self.respect_gitignore:
                found.extend(reversed(self._gitignore_chain(directory)))  # deepest file first
            if walk_root is not None:
                found = [spec.for_walk_root(walk_root) for spec in found]
            specs = self._chains[key] = tuple(found)
        return specs

    def _gitignore_chain(self, directory: Path) -> list[_Spec]:
        """The .gitignore specs that apply in ``directory``, outermost first."""
        chain: list[_Spec] = []
        for ancestor in (directory, *directory.parents):
            spec = self._gitignore(ancestor)
            if spec is not None:
                chain.append(spec)
            if _exists(ancestor / ".git"):  # the repository's top: nothing above applies
                break
        return list(reversed(chain))

    def _gitignore(self, directory: Path) -> _Spec | None:
        if directory not in self._gitignores:
            sources = [directory / ".gitignore"]
            if _is_dir(directory / ".git"):
                sources.insert(0, directory / ".git" / "info" / "exclude")
            self._gitignores[directory] = _load_spec(directory, sources)
        return self._gitignores[directory]


# pathlib's is_file/exists/is_dir raise PermissionError for a path inside a directory that
# cannot be entered (Python 3.11 ignores only ENOENT, ENOTDIR, EBADF and ELOOP); such a
# directory is reported once, by the walk, when it cannot be listed.
def _mode(path: Path) -> int | None:
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return None


def _is_file(path: Path) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISREG(mode)


def _is_dir(path: Path) -> bool:
    mode = _mode(path)
    return mode is not None and stat.S_ISDIR(mode)


def _exists(path: Path) -> bool:
    return _mode(path) is not None


def discover(
    paths: Sequence[str | Path],
    excluder: Excluder,
    *,
    force_exclude: bool = False,
) -> Discovered:
    files: list[Path] = []
    problems: list[Problem] = []
    skipped: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(path: Path) -> None:
        key = os.path.normcase(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            files.append(path)

    for raw in paths:
        path = Path(raw)
        absolute = Path(os.path.abspath(path))
        try:
            mode = os.stat(path).st_mode
        except FileNotFoundError:
            message = ("broken symbolic link" if os.path.islink(path)
                       else "no such file or directory")
            problems.append(Problem(str(path), message, is_error=True))
            continue
        except OSError as error:
            problems.append(Problem(str(path), _os_message(error), is_error=True))
            continue
        if force_exclude and _force_excluded(absolute, stat.S_ISDIR(mode), excluder):
            skipped.append((str(path), "excluded (--force-exclude)"))
            continue
        if stat.S_ISDIR(mode):
            before, reported = len(files), len(problems)
            for found in _walk(path, absolute, excluder, problems, skipped):
                add(found)
            # (a directory that could not be listed has said so already)
            if len(files) == before and not any(p.is_error for p in problems[reported:]):
                problems.append(Problem(str(path), "no Python files found in this directory"))
        else:
            add(path)
    return Discovered(tuple(files), tuple(problems), tuple(skipped))


def _force_excluded(absolute: Path, is_dir: bool, excluder: Excluder) -> bool:
    """Would a walk from the project root have skipped this explicitly named path?"""
    # only directories inside the project count: a project that itself lives under a
    # directory called "build" must not exclude everything
    inside = [p for p in absolute.parents if p != excluder.root and p.is_relative_to(excluder.root)]
    if is_dir and excluder.skipped_dir_name(absolute) or any(map(excluder.skipped_dir_name, inside)):
        return True
    return excluder.excluded(absolute, is_dir) or any(excluder.excluded(p, True) for p in inside)


def _walk(shown: Path, absolute: Path, excluder: Excluder, problems: list[Problem],
          skipped: list[tuple[str, str]] | None = None) -> Iterator[Path]:
    """Python files below a directory, in sorted order. Follows symlinks, but not in loops."""
    try:
        top = os.stat(absolute)
    except OSError as error:
        problems.append(Problem(str(shown), _os_message(error), is_error=True))
        return
    # (directory shown, directory absolute, identities of the directories above it)
    stack: list[tuple[Path, Path, frozenset[tuple[int, int]]]] = [
        (shown, absolute, frozenset({(top.st_dev, top.st_ino)}))
    ]
    while stack:
        shown_dir, abs_dir, ancestors = stack.pop()
        try:
            with os.scandir(abs_dir) as scan:
                entries = sorted(scan, key=lambda e: e.name)
        except OSError as error:
            problems.append(Problem(str(shown_dir), f"cannot list directory: {_os_message(error)}",
                                    is_error=True))
            continue
        subdirs: list[tuple[Path, Path, frozenset[tuple[int, int]]]] = []
        for entry in entries:
            shown_path, abs_path = shown_dir / entry.name, abs_dir / entry.name
            try:
                info = entry.stat()  # follows symlinks
            except OSError as error:
                if entry.is_symlink() and entry.name.endswith(CHECKED_SUFFIXES) or \
                        entry.is_symlink() and _is_loop_error(error):
                    problems.append(Problem(str(shown_path), _link_message(error)))
                continue
            if stat.S_ISDIR(info.st_mode):
                if excluder.skipped_dir_name(abs_path):
                    if skipped is not None:
                        skipped.append((str(shown_path), "a directory jaxpure always skips"))
                    continue
                if excluder.excluded(abs_path, True, walk_root=absolute):
                    if skipped is not None:
                        skipped.append((str(shown_path), "excluded (exclude pattern or .gitignore)"))
                    continue
                identity = (info.st_dev, info.st_ino)
                if identity in ancestors:
                    problems.append(Problem(
                        str(shown_path),
                        f"symbolic link loop (points back to {os.readlink(abs_path)}), skipped"
                        if entry.is_symlink() else "directory loop, skipped"))
                    continue
                subdirs.append((shown_path, abs_path, ancestors | {identity}))
            elif entry.name.endswith(CHECKED_SUFFIXES) and stat.S_ISREG(info.st_mode):
                if not excluder.excluded(abs_path, False, walk_root=absolute):
                    yield shown_path
                elif skipped is not None:
                    skipped.append((str(shown_path), "excluded (exclude pattern or .gitignore)"))
        # depth first, in name order: push in reverse so the first name is walked first
        stack.extend(reversed(subdirs))


def _is_loop_error(error: OSError) -> bool:
    import errno

    return error.errno == errno.ELOOP


def _link_message(error: OSError) -> str:
    if _is_loop_error(error):
        return "symbolic link loop, skipped"
    if isinstance(error, FileNotFoundError):
        return "broken symbolic link, skipped"
    return f"cannot follow symbolic link ({_os_message(error)}), skipped"


def _os_message(error: OSError) -> str:
    import errno

    if error.errno == errno.ELOOP:
        return "symbolic link loop"
    return (error.strerror or str(error)).lower() if error.strerror else str(error)
