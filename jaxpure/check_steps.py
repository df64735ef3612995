"""Steps of ``jaxpure check`` around the checking itself: settings and file listings,
``--verbose`` notes, the baseline and ``--add-noqa``. Kept out of cli.py so the command
line stays a thin router; nothing here imports libcst unless a file is rewritten.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxpure.config import Config
    from jaxpure.findings import FileResult
    from jaxpure.runner import Outcome


def show_settings(config: Config) -> None:
    """``--show-settings``: where the configuration came from and every effective value."""
    print(f"configuration: {config.source if config.source is not None else '(none: defaults)'}")
    print(f"project root: {config.root}")
    print(f"output-format: {config.output_format or 'concise'}")
    print(f"respect-gitignore: {str(config.respect_gitignore).lower()}")
    for key, value in asdict(config.settings).items():
        if key == "root":
            continue
        print(f"{key.replace('_', '-')}: {_show(value)}")


def _show(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    return repr(value) if isinstance(value, str) else str(value)


def show_skipped(config: Config, skipped: Sequence[tuple[str, str]]) -> None:
    """``--verbose``: the configuration used and what discovery left out."""
    source = config.source if config.source is not None else "none (defaults)"
    print(f"configuration: {source}; project root: {config.root}", file=sys.stderr)
    for path, why in skipped:
        print(f"skipped: {path}: {why}", file=sys.stderr)


def show_cache_hits(outcomes: Sequence[Outcome]) -> None:
    for outcome in outcomes:
        if outcome.from_cache:
            print(f"cached: {outcome.result.filename}: result served from the cache",
                  file=sys.stderr)


def text_of(filename: str, stdin: dict[str, bytes]) -> str | None:
    """The text that findings' rows refer to: a notebook's code cells, else the file."""
    from jaxpure.runner import decode_source, read_source

    data = stdin.get(filename)
    if data is None:
        data, _ = read_source(filename)
    if data is None:
        return None
    if filename.lower().endswith(".ipynb"):
        from jaxpure.notebooks import module_source

        return module_source(data)
    try:
        return decode_source(data)
    except (UnicodeDecodeError, SyntaxError, LookupError):
        return None


def apply_baseline(path: str, outcomes: list[Outcome], root: str,
                   stdin: dict[str, bytes], quiet: bool) -> list[Outcome]:
    """``--baseline``: the outcomes without the recorded findings (BaselineError if bad)."""
    from jaxpure.baseline import read_baseline, without_baseline

    recorded = read_baseline(path)
    results, matched = without_baseline([o.result for o in outcomes], recorded,
                                        lambda r: text_of(r.filename, stdin), root)
    if not quiet:
        print(f"{matched} finding{'' if matched == 1 else 's'} matched the baseline {path} "
              "and {} not shown.".format("is" if matched == 1 else "are"), file=sys.stderr)
    return [replace(o, result=r) for o, r in zip(outcomes, results)]


def write_baseline(path: str, results: Sequence[FileResult], root: str,
                   stdin: dict[str, bytes]) -> None:
    from jaxpure.baseline import write_baseline as write

    count = write(path, results, lambda r: text_of(r.filename, stdin), root)
    print(f"Wrote {count} finding{'' if count == 1 else 's'} to the baseline {path}.",
          file=sys.stderr)


def add_noqa(results: Sequence[FileResult], quiet: bool) -> int:
    """``--add-noqa``: write the comments; the exit code (2 if a file could not be changed)."""
    from jaxpure.adoption import add_noqa_to_file

    rows = files = 0
    failed = False
    for result in results:
        if not result.findings or result.error is not None:
            continue
        changed, problem = add_noqa_to_file(result.filename, result.findings)
        if problem is not None:
            print(f"error: {result.filename}: {problem}", file=sys.stderr)
            failed = True
        elif changed:
            rows, files = rows + changed, files + 1
    if not quiet:
        print(f"Added `# noqa` to {rows} line{'' if rows == 1 else 's'} in "
              f"{files} file{'' if files == 1 else 's'}.", file=sys.stderr)
    return 2 if failed else 0
