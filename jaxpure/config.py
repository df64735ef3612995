"""Find and read jaxpure's configuration, and turn it into :class:`~jaxpure.settings.Settings`.

Sources, nearest first when searching upward from the first checked path (or the cwd):
``.jaxpure.toml`` and ``jaxpure.toml`` (top-level keys), then ``pyproject.toml`` (the
``[tool.jaxpure]`` table; a pyproject file without that table is skipped, as ruff does).
One configuration applies to the whole run: there is no cascading or merging, so what a
run did is explained by exactly one file (or none).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from jaxpure.settings import Settings

# Within one directory a dedicated file wins over pyproject.toml (ruff's order).
CONFIG_NAMES = (".jaxpure.toml", "jaxpure.toml", "pyproject.toml")

# A rule selector: a full code ("JXP202"), a prefix ("JXP2", "JXP"), or "ALL".
SELECTOR = re.compile(r"^(ALL|[A-Z]{1,5}[0-9]{0,4})$")
DOTTED_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class ConfigError(Exception):
    """A configuration file (or an option value) that jaxpure refuses; exit code 2."""


@dataclass(frozen=True)
class Config:
    """Everything a run takes from configuration, after command-line overrides."""

    settings: Settings = field(default_factory=Settings)
    # the file the settings came from; None with --isolated or when none was found
    source: Path | None = None
    # the project root: the config file's directory, else the current directory.
    # per-file-ignores and exclude patterns are relative to it; the cache lives in it.
    root: Path = field(default_factory=Path.cwd)
    output_format: str | None = None
    respect_gitignore: bool = True


def find_config_file(start: Path) -> Path | None:
    """The nearest configuration file at or above ``start`` (a file or a directory)."""
    # abspath, not resolve(): paths are compared with the (unresolved) checked paths
    start = Path(os.path.abspath(start))
    directory = start if os.path.isdir(start) else start.parent
    for candidate_dir in (directory, *directory.parents):
        for name in CONFIG_NAMES:
            candidate = candidate_dir / name
            if not os.path.isfile(candidate):  # False, not raise, in an unenterable directory
                continue
            if name != "pyproject.toml" or _has_jaxpure_table(candidate):
                return candidate
    return None


def _has_jaxpure_table(pyproject: Path) -> bool:
    # A broken pyproject.toml with no [tool.jaxpure] is somebody else's problem; one that
    # does mention our table is reported by load_config when it is read for real.
    try:
        text = pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if "jaxpure" not in text:
        return False
    try:
        return isinstance(_read_toml(pyproject).get("tool", {}).get("jaxpure"), dict)
    except ConfigError:
        return True


def _read_toml(path: Path) -> dict[str, Any]:
    import tomllib

    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path}: invalid TOML: {error}") from None
    except OSError as error:
        raise ConfigError(f"{path}: cannot read configuration: {error.strerror or error}") from None


def load_config(path: Path) -> Config:
    """Read one configuration file; raise :class:`ConfigError` naming the file and key."""
    path = Path(os.path.abspath(path))
    if not path.is_file():
        raise ConfigError(f"{path}: configuration file not found")
    document = _read_toml(path)
    if path.name == "pyproject.toml":
        table = document.get("tool", {}).get("jaxpure")
        if table is None:
            raise ConfigError(f"{path}: has no [tool.jaxpure] table")
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: [tool.jaxpure] must be a table")
        where = "[tool.jaxpure]"
    else:
        table = document
        where = ""
    return _config_from_table(table, path, where)


def discover_config(start: Path) -> Config:
    """The configuration that applies to ``start``, or defaults rooted at the cwd."""
    found = find_config_file(start)
    return load_config(found) if found is not None else Config()


# --- validation -----------------------------------------------------------------------

def _string_list(value: Any, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings, got {_describe(value)}")
    return tuple(value)


def _selectors(value: Any, key: str, where: str) -> tuple[str, ...]:
    codes = _string_list(value, key, where)
    for code in codes:
        check_selector(code, f"{where}: `{key}`")
    return codes


def check_selector(code: str, context: str) -> None:
    """A selector that is malformed, or names no rule, is an error (exit 2)."""
    from jaxpure.selectors import unknown_selector_message

    if not SELECTOR.match(code):
        raise ConfigError(
            f"{context}: {code!r} is not a rule code or prefix (expected e.g. \"JXP202\", "
            "\"JXP2\", \"JXP\" or \"ALL\")"
        )
    unknown = unknown_selector_message(code)
    if unknown is not None:
        raise ConfigError(f"{context}: {unknown}")


def _bool(value: Any, key: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: `{key}` must be true or false, got {_describe(value)}")
    return value


def _string(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where}: `{key}` must be a string, got {_describe(value)}")
    return value


def _per_file_ignores(value: Any, key: str, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `{key}` must be a table of glob = [codes], got {_describe(value)}")
    return tuple(
        (pattern, _selectors(codes, f"{key}.{pattern!r}", where)) for pattern, codes in value.items()
    )


def _transforms(value: Any, key: str, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise ConfigError(
            f"{where}: `{key}` must be a table like {{ \"mylib.jit\" = \"jax.jit\" }}, got {_describe(value)}"
        )
    pairs = []
    for name, target in value.items():
        if not DOTTED_NAME.match(name):
            raise ConfigError(f"{where}: `{key}`: {name!r} is not a dotted name like \"mylib.jit\"")
        if not isinstance(target, str) or not DOTTED_NAME.match(target):
            raise ConfigError(
                f"{where}: `{key}.{name}` must name a transform like \"jax.jit\", got {_describe(target)}"
            )
        pairs.append((name, target))
    return tuple(pairs)


def _dotted_names(value: Any, key: str, where: str) -> tuple[str, ...]:
    names = _string_list(value, key, where)
    for name in names:
        if not DOTTED_NAME.match(name):
            raise ConfigError(f"{where}: `{key}`: {name!r} is not a dotted name like \"mylib.is_static\"")
    return names


# a dotted name whose parts may hold fnmatch wildcards: "pkg.envs.*.step"
TRACED_PATTERN = re.compile(r"^[A-Za-z_*?\[][A-Za-z0-9_*?\[\]!-]*(\.[A-Za-z_*?\[][A-Za-z0-9_*?\[\]!-]*)*$")


def _traced_patterns(value: Any, key: str, where: str) -> tuple[str, ...]:
    patterns = _string_list(value, key, where)
    for pattern in patterns:
        if not TRACED_PATTERN.match(pattern) or "." not in pattern.strip("*."):
            raise ConfigError(
                f"{where}: `{key}`: {pattern!r} is not a qualified name pattern like "
                "\"pkg.envs.*.step\" (module, then class and method or function, "
                "`*` for any part)")
    return patterns


# key -> (Settings field or Config field, parser). Config-level keys are marked "config:".
_KEYS: Mapping[str, tuple[str, Callable[[Any, str, str], Any]]] = {
    "select": ("select", _selectors),
    "extend-select": ("extend_select", _selectors),
    "ignore": ("ignore", _selectors),
    "exclude": ("exclude", _string_list),
    "extend-exclude": ("extend_exclude", _string_list),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "transforms": ("transforms", _transforms),
    "static-helpers": ("static_helpers", _dotted_names),
    "traced": ("traced", _traced_patterns),
    "test-files": ("test_files", _string_list),
    "test-ignore": ("test_ignore", _selectors),
    "unsafe-fixes": ("unsafe_fixes", _bool),
    "respect-noqa": ("respect_noqa", _bool),
    "output-format": ("config:output_format", _string),
    "respect-gitignore": ("config:respect_gitignore", _bool),
}


def _config_from_table(table: dict[str, Any], path: Path, where: str) -> Config:
    location = f"{path}{' ' + where if where else ''}"
    unknown = sorted(set(table) - set(_KEYS))
    if unknown:
        known = ", ".join(sorted(_KEYS))
        raise ConfigError(f"{location}: unknown key `{unknown[0]}` (known keys: {known})")
    settings_fields: dict[str, Any] = {"root": str(path.parent)}
    config_fields: dict[str, Any] = {}
    for key, value in table.items():
        target, parse = _KEYS[key]
        parsed = parse(value, key, location)
        if target.startswith("config:"):
            config_fields[target.removeprefix("config:")] = parsed
        else:
            settings_fields[target] = parsed
    return Config(settings=Settings(**settings_fields), source=path, root=path.parent,
                  **config_fields)


def with_overrides(config: Config, **changes: Any) -> Config:
    """A copy of ``config`` whose Settings fields named in ``changes`` are replaced."""
    return replace(config, settings=replace(config.settings, **changes))


def _describe(value: Any) -> str:
    kind = {bool: "a boolean", int: "an integer", float: "a number", str: "a string",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)
    text = repr(value)
    return f"{kind} ({text[:40] + '...' if len(text) > 40 else text})"
