"""The options of ``jaxpure check`` (argparse only: imported on every run, kept light)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def add_check_parser(sub: argparse._SubParsersAction, formats: Sequence[str]) -> None:
    check = sub.add_parser("check", help="check Python files and notebooks for JAX purity violations",
                           description="Check Python files and Jupyter notebooks for JAX purity "
                                       "violations.")
    check.add_argument("paths", nargs="*", default=["."], metavar="PATH",
                       help="files (.py, .pyi, .ipynb) or directories to check (default: .); "
                            "- reads standard input")
    rules = check.add_argument_group("rule selection")
    rules.add_argument("--select", metavar="CODES", help="comma-separated codes or prefixes to enable "
                                                         "(replaces the configured selection)")
    rules.add_argument("--extend-select", metavar="CODES", help="codes or prefixes to enable as well")
    rules.add_argument("--ignore", metavar="CODES", help="codes or prefixes to disable")
    fixes = check.add_argument_group("fixes")
    fixes.add_argument("--fix", action="store_true", help="apply safe fixes in place")
    fixes.add_argument("--unsafe-fixes", action=argparse.BooleanOptionalAction, default=None,
                       help="include fixes that may change behaviour (with --fix or --diff)")
    fixes.add_argument("--diff", action="store_true",
                       help="print the fixes as a unified diff instead of writing them; exit 1 if "
                            "there would be changes")
    fixes.add_argument("--show-fixes", action="store_true", help="show the fix of each finding, "
                                                                  "and list what --fix changed")
    output = check.add_argument_group("output")
    output.add_argument("--output-format", choices=formats, default=None,
                        help="how findings are printed (default: concise)")
    output.add_argument("--output-file", "-o", metavar="FILE", help="write findings to FILE, not stdout")
    output.add_argument("--statistics", action="store_true", help="count findings per rule instead "
                                                                   "of listing them")
    output.add_argument("--exit-zero", action="store_true", help="exit 0 even if there are findings "
                                                                  "(still 2 on errors)")
    output.add_argument("--quiet", "-q", action="store_true", help="print findings, nothing else "
                                                                    "(no summary, no progress)")
    output.add_argument("--verbose", "-v", action="store_true", help="also say which files were "
                                                                      "skipped and why, and cache hits")
    output.add_argument("--show-files", action="store_true", help="list the files that would be "
                                                                   "checked, and exit")
    output.add_argument("--show-settings", action="store_true", help="print the settings that "
                                                                      "apply, and exit")
    adoption = check.add_argument_group("adopting jaxpure on existing code")
    adoption.add_argument("--add-noqa", action="store_true", help="append `# noqa: CODE` to every "
                                                                   "line with a finding")
    adoption.add_argument("--write-baseline", metavar="FILE", help="record today's findings in FILE "
                                                                    "(then use --baseline FILE)")
    adoption.add_argument("--baseline", metavar="FILE", help="report only findings not recorded in "
                                                              "FILE by --write-baseline")
    files = check.add_argument_group("files and configuration")
    files.add_argument("--config", metavar="PATH", help="a pyproject.toml or jaxpure.toml to use instead "
                                                        "of the nearest one")
    files.add_argument("--isolated", action="store_true", help="ignore all configuration files")
    files.add_argument("--exclude", metavar="PATTERNS", help="comma-separated gitignore-style "
                                                             "patterns to skip (replaces the "
                                                             "configured exclude)")
    files.add_argument("--extend-exclude", metavar="PATTERNS", help="comma-separated gitignore-style "
                                                                    "patterns to skip as well")
    files.add_argument("--force-exclude", action="store_true", help="apply excludes even to paths "
                                                                    "named on the command line")
    files.add_argument("--stdin-filename", metavar="NAME", help="the file name that standard input "
                                                               "stands for (messages, configuration)")
    perf = check.add_argument_group("performance")
    perf.add_argument("--no-cache", action="store_true", help="neither read nor write the result cache")
    perf.add_argument("--cache-dir", metavar="DIR", help="where results are cached (default: "
                                                         ".jaxpure_cache in the project root; "
                                                         "env JAXPURE_CACHE_DIR)")
    perf.add_argument("--jobs", "-j", type=positive_int, default=None, metavar="N",
                      help="worker processes (default: serial below about 400 KB of files "
                           "to check, else the number of cores)")
    check.add_argument("--verify", action="store_true",
                       help="with --fix: run every fixed function that has examples under "
                            "jit, vmap and pmap and compare it with the original "
                            "(needs jaxpure[verify])")


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
