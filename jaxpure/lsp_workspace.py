"""What the language server knows about the workspace: settings and seeds (no pygls here).

Settings come from the configuration ``jaxpure check`` would use for the file (the nearest
``.jaxpure.toml``, ``jaxpure.toml`` or ``pyproject.toml`` with ``[tool.jaxpure]``, read by
``jaxpure.config``). Analysis across modules has two sources:

- the seeds the last ``jaxpure check`` of the project recorded in its result cache
  (``.jaxpure_cache/v2/seeds.json``): which functions of a file other files' traced code
  calls. They describe the callers, so they stay valid while the callee is edited; the
  file is re-read when it changes (a ``jaxpure check`` in a terminal refreshes it);
- the open documents themselves: their summaries (computed with every analysis) give each
  other seeds, as ``jaxpure check`` does between the files of a run; a caller that is
  open replaces what the cache recorded for it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jaxpure.analysis.module.summary import ModuleSummary, Seed
from jaxpure.settings import Settings

# Names whose change (save or file event) means the configuration must be found again.
CONFIG_FILE_NAMES = frozenset({".jaxpure.toml", "jaxpure.toml", "pyproject.toml"})


@dataclass(frozen=True)
class Project:
    """The configuration that applies to one file."""

    root: Path  # per-file-ignores are relative to it; the cache lives in it
    settings: Settings = field(default_factory=Settings)
    cache_dir: Path | None = None
    config_file: Path | None = None
    error: str | None = None  # a configuration that could not be used (defaults apply)


@dataclass(frozen=True)
class FileInfo:
    path: str  # the file name the engine and messages use
    relpath: str  # relative to the project root, for per-file-ignores and seeds
    package: str | None  # for relative imports


def _stamp(path: Path | None) -> tuple[int, int] | None:
    if path is None:
        return None
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class Projects:
    """Configuration per directory, re-read when the configuration file changes."""

    def __init__(self, folders: Iterable[Path] = ()) -> None:
        # deepest first, so a nested workspace folder wins over its parent
        self.folders = sorted((Path(os.path.abspath(f)) for f in folders),
                              key=lambda p: len(p.parts), reverse=True)
        self._by_directory: dict[str, tuple[Project, tuple[int, int] | None]] = {}
        self._seeds: dict[Path, tuple[tuple[int, int] | None, dict[str, tuple[Seed, ...]]]] = {}

    def forget(self) -> None:
        """A configuration file appeared, changed or vanished: look them up again."""
        self._by_directory.clear()

    def for_file(self, path: str) -> Project:
        directory = os.path.dirname(os.path.abspath(path))
        known = self._by_directory.get(directory)
        if known is not None and _stamp(known[0].config_file) == known[1]:
            return known[0]
        project = self._load(Path(directory))
        self._by_directory[directory] = (project, _stamp(project.config_file))
        return project

    def _load(self, directory: Path) -> Project:
        from jaxpure.cache import default_cache_dir
        from jaxpure.config import ConfigError, find_config_file, load_config

        fallback = self._folder_of(directory) or directory
        try:
            found = find_config_file(directory)
            if found is None:
                return Project(fallback, cache_dir=default_cache_dir(fallback))
            config = load_config(found)
        except (ConfigError, OSError, ValueError) as error:
            return Project(fallback, cache_dir=default_cache_dir(fallback), error=str(error))
        return Project(config.root, config.settings, default_cache_dir(config.root),
                       config.source)

    def _folder_of(self, directory: Path) -> Path | None:
        for folder in self.folders:
            if directory == folder or folder in directory.parents:
                return folder
        return None

    def file_info(self, project: Project, path: str) -> FileInfo:
        from jaxpure.runner import package_of

        absolute = os.path.abspath(path)
        try:
            relpath = Path(os.path.relpath(absolute, project.root)).as_posix()
        except ValueError:  # another drive on Windows
            relpath = Path(absolute).name
        return FileInfo(path, relpath, package_of(os.path.dirname(absolute)))

    def saved_seeds(self, project: Project) -> Mapping[str, tuple[Seed, ...]]:
        """The seeds the last ``jaxpure check`` of the project left in its cache."""
        if project.cache_dir is None:
            return {}
        from jaxpure.cache import ResultCache

        cache = ResultCache(project.cache_dir)
        stamp = _stamp(cache.entries / "seeds.json")
        known = self._seeds.get(project.cache_dir)
        if known is None or known[0] != stamp:
            known = (stamp, cache.load_seeds())
            self._seeds[project.cache_dir] = known
        return known[1]


@dataclass
class OpenModule:
    """An open document's part in the analysis across modules."""

    info: FileInfo
    summary: ModuleSummary | None = None
    seeds: tuple[Seed, ...] = ()  # what it was last analysed with


def live_seeds(modules: Sequence[OpenModule],
               saved: Mapping[str, tuple[Seed, ...]]) -> list[tuple[Seed, ...]]:
    """The seeds each open module should be analysed with (one project's modules).

    Seeds between open modules come from their summaries; seeds the cache recorded from
    files that are not open are added, as ``jaxpure.runner.run`` adds those of files
    outside its run.
    """
    from jaxpure.analysis.module.project import seeds_by_file

    propagated = seeds_by_file([(module.summary, module.info.path, module.info.relpath)
                                for module in modules])
    open_relpaths = {module.info.relpath for module in modules}
    result = []
    for module, found in zip(modules, propagated):
        outside = tuple(seed for seed in saved.get(module.info.relpath, ())
                        if seed.source not in open_relpaths)
        keys = {seed.key() for seed in found}
        result.append(found + tuple(seed for seed in outside if seed.key() not in keys))
    return result
