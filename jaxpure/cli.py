"""Command line: ``jaxpure check``, ``jaxpure rule``, ``jaxpure verify``, ``jaxpure clean``.

Exit codes follow ruff: 0 no findings, 1 findings, 2 a usage or configuration error or a
file that could not be checked. Only argparse is imported up front: pre-commit runs this
for every commit, so libcst and the engine are imported when a file actually needs checking
(a run served from the cache never imports them).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from jaxpure import __version__

if TYPE_CHECKING:
    from jaxpure.cache import ResultCache
    from jaxpure.config import Config
    from jaxpure.findings import FileResult, Finding
    from jaxpure.runner import FixMode, Job, Outcome
    from jaxpure.settings import Settings

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
EXIT_INTERRUPTED = 130
STDIN = "-"


class UsageError(Exception):
    """A bad option value; reported as one line, exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    from jaxpure.cli_options import add_check_parser
    from jaxpure.output import FORMATS  # light: findings dataclasses only

    parser = argparse.ArgumentParser(prog="jaxpure", description="Static checks for JAX purity violations.")
    parser.add_argument("--version", action="version", version=f"jaxpure {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    add_check_parser(sub, FORMATS)
    rule = sub.add_parser("rule", help="show a rule's documentation, or list every rule")
    rule.add_argument("code", nargs="?", help="a rule code such as JXP202, or its name "
                                              "such as prng-key-reuse")
    rule.add_argument("--all", action="store_true", help="list every rule")
    rule.add_argument("--output-format", choices=("text", "json"), default="text")
    sub.add_parser("verify", help="run functions under JAX to confirm findings (needs jaxpure[verify]); "
                                  "`jaxpure verify --help` for its options", add_help=False)
    sub.add_parser("server", help="a Language Server over stdio for editors (needs jaxpure[lsp])",
                   add_help=False)
    clean = sub.add_parser("clean", help="delete the result cache")
    clean.add_argument("--cache-dir", metavar="DIR", help="the cache to delete (default: .jaxpure_cache "
                                                          "in the project root)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["verify"]:  # everything after it belongs to the verifier's own parser
        return _verify(argv[1:])
    if argv[:1] == ["server"]:  # its options are the server's own (jaxpure/server.py)
        return _server(argv[1:])
    _start_code_cache(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    from jaxpure.output.streams import OutputError

    try:
        if args.command == "check":
            return _check(args)
        if args.command == "rule":
            return _rule(args)
        if args.command == "clean":
            return _clean(args)
    except KeyboardInterrupt:
        print("jaxpure: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `jaxpure check | head`
        _silence_stdout()
        return EXIT_CLEAN
    except OutputError as error:  # stdout closed (`>&-`), a full disk (`> /dev/full`)
        print(f"jaxpure: error: {error}", file=sys.stderr)
        if sys.stdout is not None:
            _silence_stdout()
        return EXIT_ERROR
    parser.print_help(sys.stderr)
    return EXIT_ERROR


def _start_code_cache(argv: list[str]) -> None:
    """Compile fewer dataclasses on the way to the engine (fastimport.start), for `check`.

    The code cache lives in the user's cache directory, never in the checked tree or the
    working directory (a repository could commit one: see fastimport.py).
    """
    if argv[:1] != ["check"] or "--no-cache" in argv:
        return
    from jaxpure import fastimport

    directory = fastimport.code_cache_dir()
    if directory is not None:
        fastimport.start(directory)


def _silence_stdout() -> None:
    # the reader went away: point stdout at devnull so the interpreter's final flush is quiet
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


# --- check ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Summary:
    remaining: int
    fixed: int
    fixable: int  # remaining findings that --fix would fix
    hidden_unsafe: int  # remaining findings with an unsafe fix, when unsafe fixes are off
    errors: int


def _check(args: argparse.Namespace) -> int:
    from jaxpure.baseline import BaselineError
    from jaxpure.config import ConfigError

    try:
        if args.verify and not args.fix:
            raise UsageError("`--verify` checks applied fixes: use it with --fix")
        if args.add_noqa and (args.fix or args.diff):
            raise UsageError("`--add-noqa` cannot be combined with --fix or --diff")
        config = _resolve_config(args)
        fmt = _output_format(args, config)
        if args.show_settings:
            from jaxpure.check_steps import show_settings

            show_settings(config)
            return EXIT_CLEAN
        return _run_check(args, config, fmt)
    except (ConfigError, UsageError, BaselineError) as error:
        print(f"jaxpure: error: {error}", file=sys.stderr)
        return EXIT_ERROR


def _resolve_config(args: argparse.Namespace) -> Config:
    from jaxpure.config import Config, ConfigError, check_selector, discover_config, load_config
    from jaxpure.settings import Settings

    if args.stdin_filename and STDIN not in args.paths:
        args.paths = [*args.paths, STDIN] if args.paths != ["."] else [STDIN]
    if args.isolated:
        config = Config(settings=Settings(root=os.getcwd()))
    elif args.config:
        config = load_config(Path(args.config))
    else:
        config = discover_config(Path(_first_path(args)))
    changes: dict[str, object] = {}
    for option, field_name, replace in (("select", "select", True),
                                        ("extend_select", "extend_select", False),
                                        ("ignore", "ignore", False)):
        value = getattr(args, option)
        if value is None:
            continue
        codes = _split(value)
        for code in codes:
            try:
                check_selector(code, f"--{option.replace('_', '-')}")
            except ConfigError as error:
                raise UsageError(str(error)) from None
        current = getattr(config.settings, field_name)
        changes[field_name] = tuple(codes) if replace else (*current, *codes)
    if args.exclude is not None:
        changes["exclude"] = tuple(_split(args.exclude))
    if args.extend_exclude:
        changes["extend_exclude"] = (*config.settings.extend_exclude, *_split(args.extend_exclude))
    if args.unsafe_fixes is not None:
        changes["unsafe_fixes"] = args.unsafe_fixes
    if not changes:
        return config
    from jaxpure.config import with_overrides

    return with_overrides(config, **changes)


def _first_path(args: argparse.Namespace) -> str:
    for path in args.paths:
        if path != STDIN:
            return path
    return args.stdin_filename or "."


def _split(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def _output_format(args: argparse.Namespace, config: Config) -> str:
    from jaxpure.output import FORMATS

    fmt = args.output_format or config.output_format or "concise"
    if fmt not in FORMATS:
        where = config.source or "configuration"
        raise UsageError(f"{where}: `output-format` must be one of {', '.join(FORMATS)}, got {fmt!r}")
    return fmt


def _run_check(args: argparse.Namespace, config: Config, fmt: str) -> int:
    from jaxpure.jobs import default_workers
    from jaxpure.output.streams import write_output
    from jaxpure.runner import FixMode

    settings = config.settings
    fix_mode = FixMode(apply=args.fix or args.diff, unsafe=settings.unsafe_fixes, write=not args.diff)
    file_paths = [p for p in args.paths if p != STDIN]
    outcomes: list[Outcome] = []
    problems_are_errors = False
    if file_paths:
        jobs, problems_are_errors = _discover_jobs(args, file_paths, config)
        if args.show_files:
            for path in sorted(job.path for job in jobs):
                print(path)
            return EXIT_ERROR if problems_are_errors else EXIT_CLEAN
        cache = None if args.no_cache else _open_cache(args, config)
        workers = args.jobs or default_workers(job.path for job in jobs)
        outcomes.extend(_run_with_progress(args, fmt, jobs, settings, fix_mode, cache, workers))
        if args.verbose:
            from jaxpure.check_steps import show_cache_hits

            show_cache_hits(outcomes)
        if cache is not None and cache.write_failed:
            print(f"warning: {cache.write_failed}; results were not cached", file=sys.stderr)
    stdin_outcome: Outcome | None = None
    stdin: dict[str, bytes] = {}
    if STDIN in args.paths:
        stdin_outcome, data = _check_stdin(args, config, fix_mode)
        stdin[stdin_outcome.result.filename] = data
        outcomes.append(stdin_outcome)
    outcomes.sort(key=lambda o: o.result.filename)
    if args.baseline:
        from jaxpure.check_steps import apply_baseline

        outcomes = apply_baseline(args.baseline, outcomes, str(config.root), stdin, args.quiet)
    results = [_sorted_result(o.result) for o in outcomes]
    if any(o.result.findings and o.result.filename.lower().endswith(".ipynb") for o in outcomes):
        from jaxpure.notebooks import annotate_all

        results = annotate_all(results, stdin)
    for result in results:
        if result.error is not None:
            print(f"error: {result.filename}: {result.error}", file=sys.stderr)
    summary = _summarise(outcomes, fix_mode)
    if args.write_baseline or args.add_noqa:
        return _adopt(args, config, results, stdin, summary, problems_are_errors)
    if args.diff:
        return _finish_diff(args, outcomes, summary, problems_are_errors)
    findings_out: TextIO = sys.stdout
    if stdin_outcome is not None and args.fix:
        # as ruff: with --fix, standard input comes back fixed on stdout, findings go to stderr
        write_output(sys.stdout, stdin_outcome.fixed_text if stdin_outcome.fixed_text is not None
                     else _decoded(stdin[stdin_outcome.result.filename]) or "")
        findings_out = sys.stderr
    _emit_findings(args, config, fmt, results, findings_out, stdin)
    if args.show_fixes and args.fix and summary.fixed:
        _print_fixed(outcomes)
    if not args.quiet:
        _print_summary(summary, fix_mode, problems_are_errors)
    status = _exit_code(summary, args.exit_zero, problems_are_errors)
    if args.verify and summary.fixed:
        verified = _verify_fixes(outcomes)
        status = max(status, verified)
    return status


def _verify_fixes(outcomes: Sequence[Outcome]) -> int:
    """`check --fix --verify`: one line per applied fix: verified / differs / no example."""
    try:
        from jaxpure.verify.fixes import FixedFile, verify_fixes
        from jaxpure.verify.cli import jax_available
    except ImportError:
        print("jaxpure: error: `--verify` is not available in this installation", file=sys.stderr)
        return EXIT_ERROR
    if not jax_available():
        print("jaxpure verify needs jax: pip install 'jaxpure[verify]'", file=sys.stderr)
        return EXIT_ERROR
    files = [
        FixedFile(o.result.filename, o.original_text, tuple(sorted({f.location.row for f in o.fixed})))
        for o in outcomes if o.fixed and o.original_text is not None
    ]
    verdicts = verify_fixes(files)
    for verdict in verdicts:
        target = verdict.target or "(no enclosing function)"
        print(f"{verdict.path}:{verdict.row}: fix {verdict.status}: {target}"
              + (f" ({verdict.detail})" if verdict.detail else ""), file=sys.stderr)
    return EXIT_FINDINGS if any(v.status == "differs" for v in verdicts) else EXIT_CLEAN


def _run_with_progress(args: argparse.Namespace, fmt: str, jobs: list[Job], settings: Settings,
                       fix_mode: FixMode, cache: ResultCache | None, workers: int) -> list[Outcome]:
    """runner.run, with a progress line on a terminal (progress.py says when)."""
    from jaxpure import progress, runner

    if not progress.wanted(args.quiet, fmt, bool(args.output_file)):
        return runner.run(jobs, settings, fix_mode, cache=cache, workers=workers)
    line = progress.Progress(len(jobs))
    try:
        return runner.run(jobs, settings, fix_mode, cache=cache, workers=workers,
                          on_file_done=line.tick)
    finally:
        line.close()


def _adopt(args: argparse.Namespace, config: Config, results: list[FileResult],
           stdin: dict[str, bytes], summary: Summary, problems_are_errors: bool) -> int:
    """``--write-baseline`` and ``--add-noqa``: record or silence today's findings."""
    from jaxpure import check_steps

    status = EXIT_ERROR if summary.errors or problems_are_errors else EXIT_CLEAN
    if args.write_baseline:
        check_steps.write_baseline(args.write_baseline, results, str(config.root), stdin)
    if args.add_noqa:
        status = max(status, check_steps.add_noqa([r for r in results if r.filename not in stdin],
                                                  args.quiet))
    return status


def _discover_jobs(args: argparse.Namespace, paths: Sequence[str], config: Config) -> tuple[list, bool]:
    from jaxpure.discovery import Excluder, discover
    from jaxpure.runner import make_job

    excluder = Excluder(config.root, (*config.settings.exclude, *config.settings.extend_exclude),
                        respect_gitignore=config.respect_gitignore)
    found = discover(paths, excluder, force_exclude=args.force_exclude)
    for problem in found.problems:
        if not (args.quiet and not problem.is_error):
            print(problem, file=sys.stderr)
    if args.verbose:
        from jaxpure.check_steps import show_skipped

        show_skipped(config, found.skipped)
    jobs = [make_job(path, config.root) for path in found.files]
    return jobs, any(problem.is_error for problem in found.problems)


def _open_cache(args: argparse.Namespace, config: Config):  # -> ResultCache
    from jaxpure.cache import ResultCache, default_cache_dir

    directory = Path(args.cache_dir) if args.cache_dir else default_cache_dir(config.root)
    return ResultCache(directory)


def _check_stdin(args: argparse.Namespace, config: Config, fix_mode: FixMode) -> tuple[Outcome, bytes]:
    from dataclasses import replace

    from jaxpure.runner import check_job, make_job

    from jaxpure.findings import FileResult
    from jaxpure.runner import Outcome
    from jaxpure.sources import read_standard_input

    data, problem = read_standard_input()
    name = args.stdin_filename or STDIN
    if data is None:
        return Outcome(FileResult(name, error=problem)), b""
    job = replace(make_job(Path(name), config.root), path=name)
    return check_job(job, config.settings, replace(fix_mode, write=False), data=data), data


def _decoded(data: bytes) -> str | None:
    from jaxpure.runner import decode_source

    try:
        return decode_source(data)
    except (UnicodeDecodeError, SyntaxError, LookupError):
        return None


def _sorted_result(result: FileResult) -> FileResult:
    from dataclasses import replace

    ordered = tuple(sorted(result.findings, key=lambda f: f.sort_key))
    return result if ordered == result.findings else replace(result, findings=ordered)


def _emit_findings(args: argparse.Namespace, config: Config, fmt: str,
                   results: list[FileResult], stream: TextIO, stdin: dict[str, bytes]) -> None:
    from jaxpure.output import RenderOptions, render, statistics

    options = RenderOptions(root=str(config.root), show_fixes=args.show_fixes,
                            unsafe_fixes=config.settings.unsafe_fixes,
                            sources=_sources(results, stdin) if fmt != "concise" else {})
    text = statistics(results, options) if args.statistics else render(results, fmt, options)
    if args.output_file:
        try:
            Path(args.output_file).write_text(text, encoding="utf-8", errors="surrogateescape")
        except OSError as error:
            raise UsageError(f"cannot write --output-file {args.output_file}: "
                             f"{error.strerror or error}") from None
    else:
        from jaxpure.output.streams import write_output

        write_output(stream, text, "standard error" if stream is sys.stderr else "standard output")


def _sources(results: list[FileResult], stdin: dict[str, bytes]) -> dict[str, str]:
    """Decoded text of the files with findings, for formats that show snippets."""
    from jaxpure.check_steps import text_of

    sources: dict[str, str] = {}
    for result in results:
        text = text_of(result.filename, stdin) if result.findings else None
        if text is not None:
            sources[result.filename] = text
    return sources


def _summarise(outcomes: list[Outcome], fix_mode: FixMode) -> Summary:
    remaining = [f for o in outcomes for f in o.result.findings]
    return Summary(
        remaining=len(remaining),
        fixed=sum(len(o.fixed) for o in outcomes),
        fixable=sum(1 for f in remaining if _fixable(f, fix_mode.unsafe)),
        hidden_unsafe=0 if fix_mode.unsafe else sum(
            1 for f in remaining if f.fix is not None and f.fix.applicability == "unsafe"),
        errors=sum(1 for o in outcomes if o.result.error is not None),
    )


def _fixable(finding: Finding, unsafe: bool) -> bool:
    return finding.fix is not None and (unsafe or finding.fix.applicability == "safe")


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _print_summary(summary: Summary, fix_mode: FixMode, problems_are_errors: bool = False) -> None:
    lines = []
    total = summary.remaining + summary.fixed
    if fix_mode.apply and summary.fixed:
        lines.append(f"Found {_plural(total, 'finding')} ({summary.fixed} fixed, "
                     f"{summary.remaining} remaining).")
    elif summary.remaining:
        fixable = f" ({summary.fixable} fixable with --fix)" if summary.fixable else ""
        lines.append(f"Found {_plural(summary.remaining, 'finding')}{fixable}.")
    elif not summary.errors and not problems_are_errors:
        lines.append("All checks passed!")
    if summary.hidden_unsafe:
        count = summary.hidden_unsafe
        lines.append(f"{count} more {'fix is' if count == 1 else 'fixes are'} available with "
                     "`--unsafe-fixes` (unsafe: may change behaviour; see `jaxpure rule CODE`).")
    if summary.errors:
        lines.append(f"{_plural(summary.errors, 'file')} could not be checked (see the errors above).")
    for line in lines:
        print(line, file=sys.stderr)


def _print_fixed(outcomes: list[Outcome]) -> None:
    from collections import Counter

    print(f"Fixed {_plural(sum(len(o.fixed) for o in outcomes), 'finding')}:", file=sys.stderr)
    for outcome in outcomes:
        if not outcome.fixed:
            continue
        print(f"- {outcome.result.filename}:", file=sys.stderr)
        counts = Counter((f.code, f.name) for f in outcome.fixed)
        for (code, name), count in sorted(counts.items()):
            print(f"    {count} × {code} ({name})", file=sys.stderr)


def _finish_diff(args: argparse.Namespace, outcomes: list[Outcome], summary: Summary,
                 problems_are_errors: bool) -> int:
    from jaxpure.output.streams import write_output

    changed = [o for o in outcomes if o.diff]
    write_output(sys.stdout, "".join(outcome.diff for outcome in changed))
    if not args.quiet:
        if summary.fixed:
            print(f"Would fix {_plural(summary.fixed, 'finding')} in {_plural(len(changed), 'file')}.",
                  file=sys.stderr)
        else:
            print("No fixes to apply.", file=sys.stderr)
    if summary.errors or problems_are_errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if changed else EXIT_CLEAN


def _exit_code(summary: Summary, exit_zero: bool, problems_are_errors: bool) -> int:
    if summary.errors or problems_are_errors:
        return EXIT_ERROR
    if summary.remaining and not exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


# --- rule, verify, clean ------------------------------------------------------------------------

def _rule(args: argparse.Namespace) -> int:
    from jaxpure.rules import all_rules, rule_by_code

    if args.all or not args.code:
        rules = list(all_rules())
    else:
        from jaxpure.selectors import code_for, nearest_rule

        code = code_for(args.code)
        rule = rule_by_code(code) if code is not None else None
        if rule is None:
            nearest = nearest_rule(args.code)
            hint = f" (did you mean {nearest!r}?)" if nearest else ""
            print(f"jaxpure: error: unknown rule {args.code!r}{hint}; see `jaxpure rule --all`",
                  file=sys.stderr)
            return EXIT_ERROR
        rules = [rule]
    if args.output_format == "json":
        import json

        entries = [{"code": r.code, "name": r.name, "summary": r.summary, "level": r.level,
                    "fix": r.fix, "documentation": r.documentation()} for r in rules]
        print(json.dumps(entries if args.all or not args.code else entries[0], indent=2))
        return EXIT_CLEAN
    if args.all or not args.code:
        for rule in rules:
            marker = "*" if rule.fix else " "
            print(f"{rule.code} {marker} {rule.name:32} {rule.summary}")
        return EXIT_CLEAN
    print(f"# {rules[0].name} ({rules[0].code})\n")
    print(rules[0].documentation())
    return EXIT_CLEAN


def _verify(argv: list[str]) -> int:
    try:
        from jaxpure.verify.cli import main as verify_main
    except ImportError as error:
        if error.name is not None and not error.name.startswith("jaxpure"):
            raise  # a missing dependency inside the verifier: its own message is clearer
        print("jaxpure: error: `jaxpure verify` is not available in this installation "
              f"({error})", file=sys.stderr)
        return EXIT_ERROR
    return verify_main(argv)


def _server(argv: list[str]) -> int:
    try:
        from jaxpure.server import main as server_main
    except ImportError as error:
        if error.name is None or error.name.startswith("jaxpure"):
            raise
        print("jaxpure: error: `jaxpure server` needs the lsp extra: pip install 'jaxpure[lsp]' "
              f"({error})", file=sys.stderr)
        return EXIT_ERROR
    return server_main(argv)


def _clean(args: argparse.Namespace) -> int:
    import shutil

    from jaxpure.cache import CACHEDIR_TAG, default_cache_dir
    from jaxpure.config import ConfigError, discover_config

    if args.cache_dir:
        directory = Path(args.cache_dir)
    else:
        try:
            directory = default_cache_dir(discover_config(Path(".")).root)
        except ConfigError as error:
            print(f"jaxpure: error: {error}", file=sys.stderr)
            return EXIT_ERROR
    tag = directory / "CACHEDIR.TAG"
    if not directory.exists():
        print(f"No cache at {directory}.", file=sys.stderr)
        return EXIT_CLEAN
    # only ever delete a directory that jaxpure created
    if not tag.is_file() or tag.read_text(errors="replace") != CACHEDIR_TAG:
        print(f"jaxpure: error: {directory} is not a jaxpure cache (no CACHEDIR.TAG written by "
              "jaxpure); not deleting it", file=sys.stderr)
        return EXIT_ERROR
    shutil.rmtree(directory, ignore_errors=True)
    print(f"Removed {directory}.", file=sys.stderr)
    return EXIT_CLEAN
