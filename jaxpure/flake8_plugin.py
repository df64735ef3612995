"""flake8 plugin: ``flake8 --select JXP`` reports exactly what ``jaxpure check`` reports.

Registered as ``[project.entry-points."flake8.extension"] JXP = ...``. flake8 hands us the
file's lines (also when linting stdin), applies ``--select``/``--ignore``/``# noqa`` itself
and reports syntax errors as E999 before any plugin runs, so the checker runs every JXP
rule with jaxpure's own ``# noqa`` handling off and never yields JXP001.

flake8 does not read ``pyproject.toml``, so the rule options that change what is found
(``transforms``, ``static-helpers``) are read from ``[tool.jaxpure]`` in the nearest
``pyproject.toml`` above each file, or from ``--jaxpure-config PATH``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
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
# flake8's display name for stdin when no --stdin-display-name is given
STDIN_NAMES = frozenset({"stdin", "-"})
# jaxpure's own suppression comment; flake8 only knows `# noqa`, so the plugin applies this
# one itself (the engine's pattern, see jaxpure.engine.JAXPURE_IGNORE)
_JAXPURE_IGNORE = re.compile(r"#\s*jaxpure:\s*ignore(?:\[(?P<codes>[^\]]*)\])?")

Result = tuple[int, int, str, type]


class ConfigError(Exception):
    """The jaxpure configuration for a file cannot be read."""


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
        except Exception as error:  # noqa: BLE001 - flake8 reports it without a traceback
            from flake8.exceptions import PluginExecutionFailed

            raise PluginExecutionFailed(
                filename=self.filename, plugin_name=PLUGIN_NAME, exception=error
            ) from error
        for finding in findings:
            # flake8 offsets are 0-based; it prints offset + 1, our 1-based column
            yield (finding.location.row, finding.location.column - 1,
                   f"{finding.code} {finding.message}", type(self))

    def _findings(self) -> list[Finding]:
        from jaxpure.engine import check_source

        source = "".join(self.lines)
        result = check_source(source, self.filename, self._settings())
        if result.error is not None:
            raise RuntimeError(result.error)
        lines = source.splitlines()
        return [
            finding for finding in result.findings
            if finding.code != SYNTAX_ERROR and not _jaxpure_ignored(finding, lines)
        ]

    def _settings(self) -> Settings:
        if self.config_path is not None:
            return settings_from_file(self.config_path)
        directory = os.path.dirname(os.path.abspath(self.filename))
        if self.filename in STDIN_NAMES:
            directory = os.getcwd()
        return settings_for_directory(directory)


def _jaxpure_ignored(finding: Finding, lines: list[str]) -> bool:
    row = finding.location.row
    if not 0 < row <= len(lines):
        return False
    match = _JAXPURE_IGNORE.search(lines[row - 1])
    if match is None:
        return False
    codes = match.group("codes")
    if not codes:
        return True
    return any(finding.code.startswith(code.upper())
               for code in re.split(r"[,\s]+", codes) if code)


# -- configuration ------------------------------------------------------------------------

@lru_cache(maxsize=256)
def settings_for_directory(directory: str) -> Settings:
    """Settings from the nearest ``pyproject.toml`` with ``[tool.jaxpure]`` at or above."""
    current = directory
    while True:
        candidate = os.path.join(current, "pyproject.toml")
        if os.path.isfile(candidate):
            table = _jaxpure_table(_load_toml(candidate))
            if table is not None:
                return settings_from_table(table, candidate)
        parent = os.path.dirname(current)
        if parent == current:
            return settings_from_table({}, None)
        current = parent


@lru_cache(maxsize=16)
def settings_from_file(path: str) -> Settings:
    """``--jaxpure-config``: a pyproject.toml, or a file holding the table's keys at top level."""
    data = _load_toml(path)
    table = _jaxpure_table(data)
    return settings_from_table(table if table is not None else data, path)


def settings_from_table(table: Mapping[str, Any], path: str | None) -> Settings:
    from jaxpure.settings import Settings

    return Settings(
        select=("JXP",),
        respect_noqa=False,  # flake8 applies `# noqa` (and --disable-noqa) itself
        transforms=_transforms(table, path),
        static_helpers=_string_list(table, "static-helpers", path),
    )


def _load_toml(path: str) -> dict[str, Any]:
    import tomllib

    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"cannot read jaxpure settings from {path}: {error}") from error


def _jaxpure_table(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    tool = data.get("tool")
    table = tool.get("jaxpure") if isinstance(tool, Mapping) else None
    return table if isinstance(table, Mapping) else None


def _option(table: Mapping[str, Any], key: str) -> Any:
    # TOML style is kebab-case; accept the snake_case spelling too
    return table.get(key, table.get(key.replace("-", "_")))


def _transforms(table: Mapping[str, Any], path: str | None) -> tuple[tuple[str, str], ...]:
    value = _option(table, "transforms")
    if value is None:
        return ()
    if not isinstance(value, Mapping) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        raise ConfigError(f"{path}: [tool.jaxpure] transforms must map callable names to "
                          'transforms, e.g. {"mylib.jit" = "jax.jit"}')
    return tuple(sorted(value.items()))


def _string_list(table: Mapping[str, Any], key: str, path: str | None) -> tuple[str, ...]:
    value = _option(table, key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{path}: [tool.jaxpure] {key} must be a list of strings")
    return tuple(value)
