"""flake8 plugin: ``flake8 --select JXP`` reports exactly what ``jaxpure check`` reports.

Registered as ``[project.entry-points."flake8.extension"] JXP = ...``. flake8 hands us the
file's lines (also when linting stdin), applies ``--select``/``--ignore``/``# noqa`` itself
and reports syntax errors as E999 before any plugin runs, so the checker runs every JXP
rule with jaxpure's own ``# noqa`` handling off and never yields JXP001.

flake8 does not read ``pyproject.toml``, so the rule options that change what is found
(``transforms``, ``static-helpers``, ``traced``) are read from jaxpure's own configuration: the file
``jaxpure check`` would use (``.jaxpure.toml``, ``jaxpure.toml`` or a ``pyproject.toml``
with ``[tool.jaxpure]``, nearest the checked file), or ``--jaxpure-config PATH``.
Selection (``select``, ``ignore``, ``per-file-ignores``) stays flake8's business, except
jaxpure's test-file profile (``test-files``, ``test-ignore``): its codes are off in test files
here too, whatever flake8's ``--select`` says, as in ``jaxpure check``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from jaxpure import __version__

if TYPE_CHECKING:
    import argparse
    import ast

    from jaxpure.findings import Finding
    from jaxpure.settings import Settings

PLUGIN_NAME = "JXP"
SYNTAX_ERROR = "JXP001"
# a file the plugin could not check (too large, undecodable, too deeply nested, a bug of
# ours): one finding-like line on line 1, and flake8 goes on with the other files (raising
# would abort the whole flake8 run, E999 and every other file's findings included)
NOT_CHECKED = "JXP000"
# flake8's display name for stdin when no --stdin-display-name is given
STDIN_NAMES = frozenset({"stdin", "-"})

Result = tuple[int, int, str, type]


class JaxPureChecker:
    name = "jaxpure"
    version = __version__

    # set by parse_options from --jaxpure-config; None means "nearest pyproject.toml"
    config_path: ClassVar[str | None] = None

    def __init__(self, tree: ast.AST, lines: list[str], filename: str) -> None:
        # `tree` is the stdlib AST flake8 already built; libcst needs the source text
        del tree
        self.lines = lines
        self.filename = filename

    @classmethod
    def add_options(cls, option_manager: Any) -> None:
        option_manager.add_option(
            "--jaxpure-config",
            default=None,
            parse_from_config=True,
            # a relative path in setup.cfg/tox.ini/.flake8 is relative to that file
            normalize_paths=True,
            help="TOML file with the [tool.jaxpure] settings to use for every file "
                 "(default: the nearest pyproject.toml with a [tool.jaxpure] table)",
        )

    @classmethod
    def parse_options(cls, options: argparse.Namespace) -> None:
        path = getattr(options, "jaxpure_config", None)
        cls.config_path = os.path.abspath(path) if path else None

    def run(self) -> Iterator[Result]:
        try:
            findings = self._findings()
        except NotChecked as problem:
            yield 1, 0, f"{NOT_CHECKED} not checked by jaxpure: {problem}", type(self)
            return
        except Exception as error:  # noqa: BLE001 - a bug of ours costs only this file
            if _is_configuration_error(error):  # every file would fail alike: stop, say why
                from flake8.exceptions import PluginExecutionFailed

                raise PluginExecutionFailed(
                    filename=self.filename, plugin_name=PLUGIN_NAME, exception=error
                ) from error
            yield (1, 0, f"{NOT_CHECKED} not checked by jaxpure: internal error "
                         f"({type(error).__name__}: {error}); please report it", type(self))
            return
        for finding in findings:
            # flake8 offsets are 0-based; it prints offset + 1, our 1-based column
            yield (finding.location.row, finding.location.column - 1,
                   f"{finding.code} {finding.message}", type(self))

    def _findings(self) -> list[Finding]:
        if "jaxpure.engine" not in sys.modules:
            from jaxpure.fastimport import code_cache_dir, import_engine

            import_engine(code_cache_dir())  # the user's, never the project's (fastimport.py)
        from jaxpure.engine import check_source

        source = "".join(self.lines)
        result = check_source(source, self.filename, self._settings(), relpath=self._relpath(),
                              package=self._package(), seeds=self._seeds(source))
        if result.error is not None:
            raise NotChecked(result.error)
        # flake8 only knows `# noqa`: jaxpure's own comments (`# jaxpure: ignore`, the
        # file-level `# jaxpure: noqa`) are applied here
        from jaxpure.suppression import Suppressions

        suppressions = Suppressions.of(source)
        return [
            finding for finding in result.findings
            if finding.code != SYNTAX_ERROR
            and not suppressions.suppresses(finding.code, finding.location.row, noqa=False)
        ]

    def _seeds(self, source: str) -> tuple:
        """Seeds from the last `jaxpure check` of the project (they describe the callers).

        flake8 sees one file at a time; which of its functions other modules' traced code
        calls is known only from a whole-project run, which leaves it in the cache.
        """
        if self.filename in STDIN_NAMES:
            return ()
        from pathlib import Path

        from jaxpure.cache import ResultCache

        project = self._project()
        if project is None:
            return ()
        root, cache_dir = project
        try:
            relpath = Path(os.path.relpath(os.path.abspath(self.filename), root))
            return ResultCache(cache_dir).seeds_for(relpath.as_posix())
        except (OSError, ValueError):
            return ()

    def _relpath(self) -> str | None:
        """The path relative to the project root, which decides the test-file profile."""
        if self.filename in STDIN_NAMES:
            return None
        if self.config_path is not None:  # the root is where the named configuration is
            root: str | None = os.path.dirname(os.path.abspath(self.config_path))
        else:
            project = self._project()
            root = None if project is None else str(project[0])
        if root is None:
            return None
        try:
            return os.path.relpath(os.path.abspath(self.filename), root).replace(os.sep, "/")
        except ValueError:  # another drive on Windows
            return None

    def _project(self):  # -> tuple[Path, Path] | None
        """The project root and its cache directory (for the seeds)."""
        from pathlib import Path

        from jaxpure.cache import default_cache_dir
        from jaxpure.config import ConfigError, discover_config

        try:
            root = Path(discover_config(Path(self._directory())).root)
        except (OSError, ValueError, ConfigError):
            return None
        return root, default_cache_dir(root)

    def _settings(self) -> Settings:
        if self.config_path is not None:
            return settings_from_file(self.config_path)
        return settings_for_directory(self._directory())

    def _package(self) -> str | None:
        """The module's package, for relative imports, as ``jaxpure check`` computes it."""
        from jaxpure.runner import package_of

        return package_of(self._directory())

    def _directory(self) -> str:
        if self.filename in STDIN_NAMES:
            return os.getcwd()
        return os.path.dirname(os.path.abspath(self.filename))


class NotChecked(Exception):
    """The engine's one-line reason a file was not checked."""


def _is_configuration_error(error: Exception) -> bool:
    from jaxpure.config import ConfigError

    return isinstance(error, ConfigError)


# -- configuration ------------------------------------------------------------------------
# The files, keys and validation are jaxpure.config's, so the CLI and the plugin agree on
# what a configuration means; only its rule options are used (see the module docstring).

@lru_cache(maxsize=256)
def settings_for_directory(directory: str) -> Settings:
    """Settings from the configuration file nearest to ``directory`` (at or above it)."""
    from pathlib import Path

    from jaxpure.config import find_config_file, load_config
    from jaxpure.settings import Settings

    found = find_config_file(Path(directory))
    return plugin_settings(load_config(found).settings if found is not None else Settings())


@lru_cache(maxsize=16)
def settings_from_file(path: str) -> Settings:
    """``--jaxpure-config``: a pyproject.toml with [tool.jaxpure], or a jaxpure.toml."""
    from pathlib import Path

    from jaxpure.config import load_config

    return plugin_settings(load_config(Path(path)).settings)


def plugin_settings(configured: Settings) -> Settings:
    from jaxpure.settings import Settings

    return Settings(
        select=("JXP",),  # flake8's --select/--ignore decide what is shown
        respect_noqa=False,  # flake8 applies `# noqa` (and --disable-noqa) itself
        transforms=configured.transforms,
        static_helpers=configured.static_helpers,
        traced=configured.traced,
        # jaxpure's own default, not a user filter: flake8's per-file-ignores cannot know it
        test_files=configured.test_files,
        test_ignore=configured.test_ignore,
    )
