"""Command line: ``jaxpure check``, ``jaxpure rule``, ``jaxpure verify``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jaxpure import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="jaxpure", description="Static checks for JAX purity violations.")
    parser.add_argument("--version", action="version", version=f"jaxpure {__version__}")
    sub = parser.add_subparsers(dest="command")
    check = sub.add_parser("check", help="check Python files for JAX purity violations")
    check.add_argument("paths", nargs="*", default=["."])
    rule = sub.add_parser("rule", help="show a rule's documentation")
    rule.add_argument("code", nargs="?")
    rule.add_argument("--all", action="store_true", help="list every rule")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "check":
        return _check(args)
    if args.command == "rule":
        return _rule(args)
    parser.print_help()
    return EXIT_ERROR


def _check(args: argparse.Namespace) -> int:
    from pathlib import Path

    from jaxpure.engine import check_source

    status = EXIT_CLEAN
    count = 0
    files: list[Path] = []
    for raw in args.paths:
        path = Path(raw)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*.py") if ".venv" not in p.parts))
        else:
            files.append(path)
    for path in files:
        try:
            data = path.read_bytes()
        except OSError as error:
            print(f"{path}: error: {error.strerror or error}", file=sys.stderr)
            status = EXIT_ERROR
            continue
        result = check_source(data, str(path))
        if result.error:
            print(f"{path}: error: {result.error}", file=sys.stderr)
            status = EXIT_ERROR
        for f in result.findings:
            print(f"{f.filename}:{f.location.row}:{f.location.column}: {f.code} {f.message}")
            count += 1
    if count and status == EXIT_CLEAN:
        status = EXIT_FINDINGS
    print(f"Found {count} finding{'s' if count != 1 else ''}." if count else "All checks passed!",
          file=sys.stderr)
    return status


def _rule(args: argparse.Namespace) -> int:
    from jaxpure.rules import all_rules, rule_by_code

    if args.all or not args.code:
        for rule in all_rules():
            print(f"{rule.code}  {rule.name:32} {rule.summary}")
        return EXIT_CLEAN
    rule = rule_by_code(args.code)
    if rule is None:
        print(f"error: unknown rule code {args.code!r}; see `jaxpure rule --all`", file=sys.stderr)
        return EXIT_ERROR
    print(f"# {rule.name} ({rule.code})\n")
    print(rule.documentation())
    return EXIT_CLEAN
