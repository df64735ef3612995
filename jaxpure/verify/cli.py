"""``jaxpure verify``: run functions under JAX in worker processes and report what is confirmed.

Exit codes: 0 every target ran and no problem was confirmed; 1 a problem was confirmed;
2 a usage error, or a target that could not be run (import failure, no inputs, crash,
timeout). With ``--findings``: 1 when a finding is confirmed, else 2 when any finding was not
run (each listed as "not run" with the reason and what would let it run), else 0.
``--allow-not-run`` turns the 2 for targets or findings that could not be run into 0.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import signal
import subprocess
import sys
from collections.abc import Sequence

from jaxpure.verify.options import VerifyOptions
from jaxpure.verify.results import CHECKS, ERROR, RUN, Report
from jaxpure.verify.targets import TargetError, TargetSpec

EXIT_OK, EXIT_CONFIRMED, EXIT_ERROR = 0, 1, 2


def jax_available() -> bool:
    if "jax" in sys.modules:
        return sys.modules["jax"] is not None
    try:
        return importlib.util.find_spec("jax") is not None
    except (ImportError, ValueError):
        return False


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxpure verify",
        description="Run functions eagerly and under jax.jit, vmap, pmap and shard_map to confirm "
                    "purity problems (and fixes) at runtime. User code runs in worker processes.")
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="path/to/file.py::func, path/to/file.py::Class.method or package.module:func")
    parser.add_argument("--findings", nargs="+", metavar="PATH",
                        help="run `jaxpure check` on PATHs and verify every flagged function")
    parser.add_argument("--examples", metavar="PATH",
                        help="examples file (default: jaxpure_examples.py beside each target)")
    parser.add_argument("--against", metavar="REV",
                        help="compare each target with its file at git revision REV: the old version "
                             "runs eagerly as the reference, the current one under every transform")
    parser.add_argument("--original", metavar="TARGET",
                        help="like --against, with the reference version kept as another target "
                             "(e.g. old.py::step): it runs eagerly, each TARGET under every transform")
    parser.add_argument("--timeout", type=float, default=120.0, metavar="SECONDS",
                        help="per-target time limit (default 120)")
    parser.add_argument("--devices", type=int, default=4, metavar="N",
                        help="CPU devices forced in the workers for pmap/shard_map (default 4)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="worker processes (default 1; each imports jax once)")
    parser.add_argument("--checks", metavar="NAMES",
                        help=f"comma-separated checks to run (default all: {', '.join(CHECKS)})")
    parser.add_argument("--static-argnums", metavar="N,...",
                        help="static positional arguments, for targets jitted elsewhere")
    parser.add_argument("--static-argnames", metavar="NAME,...",
                        help="static keyword arguments, for targets jitted elsewhere")
    parser.add_argument("--no-leak-check", action="store_true",
                        help="do not also run under jax.checking_leaks()")
    parser.add_argument("--from-tests", action="store_true",
                        help="inputs may come from running the setup of tests that call the target "
                             "(runs the tests' code up to that call)")
    parser.add_argument("--allow-not-run", action="store_true",
                        help="exit 0 rather than 2 when some targets or findings could not be run")
    parser.add_argument("--output-format", choices=("table", "json"), default="table")
    parser.add_argument("--failures-only", action="store_true",
                        help="table: show only failing checks")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # SIGTERM (as `timeout` sends) ends the run like Ctrl-C: the worker pool is closed on the way
    # out, and the workers' own watchdogs cover a parent killed outright
    previous = _on_sigterm(_interrupt)
    try:
        return _main(argv)
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return EXIT_OK
    except KeyboardInterrupt:
        print("jaxpure verify: interrupted", file=sys.stderr)
        return EXIT_ERROR
    finally:
        _on_sigterm(previous)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _on_sigterm(handler: object) -> object:
    try:
        return signal.signal(signal.SIGTERM, handler)  # type: ignore[arg-type]
    except (ValueError, TypeError):  # not the main thread, or no previous Python handler
        return None


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exit_:
        return EXIT_OK if exit_.code == 0 else EXIT_ERROR
    if not jax_available():
        from jaxpure.verify import INSTALL_HINT

        print(INSTALL_HINT, file=sys.stderr)
        return EXIT_ERROR
    if not args.targets and not args.findings:
        parser.print_usage(sys.stderr)
        print("jaxpure verify: error: name a TARGET or use --findings PATH", file=sys.stderr)
        return EXIT_ERROR
    try:
        options = _options(args)
        specs = [TargetSpec.parse(text) for text in args.targets]
        if args.against and args.original:
            raise ValueError("use --against or --original, not both")
        if args.against:
            specs = [_at_revision(spec, args.against) for spec in specs]
        if args.original:
            specs = [spec.with_original(args.original) for spec in specs]
    except (TargetError, ValueError) as error:
        print(f"jaxpure verify: error: {error}", file=sys.stderr)
        return EXIT_ERROR
    if args.examples and not os.path.isfile(args.examples):
        print(f"jaxpure verify: error: no such examples file {args.examples}", file=sys.stderr)
        return EXIT_ERROR
    if args.findings:
        return _verify_findings(args, options, specs)
    reports = _run(specs, args, options)
    _print_reports(reports, args)
    if any(not report.ok and not report.could_not_run for report in reports):
        return EXIT_CONFIRMED
    if any(report.could_not_run for report in reports) and not args.allow_not_run:
        return EXIT_ERROR
    return EXIT_OK


def _options(args: argparse.Namespace) -> VerifyOptions:
    checks = tuple(c.strip() for c in args.checks.split(",") if c.strip()) if args.checks else CHECKS
    nums = tuple(int(n) for n in args.static_argnums.split(",") if n.strip()) if args.static_argnums else ()
    names = tuple(n.strip() for n in args.static_argnames.split(",") if n.strip()) if args.static_argnames else ()
    if not (math.isfinite(args.timeout) and args.timeout > 0):
        raise ValueError(f"--timeout must be a positive number of seconds, not {args.timeout:g}")
    return VerifyOptions(checks=checks, devices=args.devices, static_argnums=nums, static_argnames=names,
                         leak_check=not args.no_leak_check)


def _at_revision(spec: TargetSpec, revision: str) -> TargetSpec:
    if spec.path is None:
        raise TargetError(f"{spec.text}: --against needs the path/to/file.py::func form")
    directory = os.path.dirname(os.path.abspath(spec.path))
    top = _git(["rev-parse", "--show-toplevel"], directory).strip()
    relative = os.path.relpath(os.path.realpath(spec.path), os.path.realpath(top)).replace(os.sep, "/")
    source = _git(["show", f"{revision}:{relative}"], top)
    return spec.with_old_source(source, revision)


def _git(arguments: list[str], cwd: str) -> str:
    try:
        done = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise TargetError(f"git {' '.join(arguments)} failed: {error}") from error
    if done.returncode != 0:
        message = (done.stderr.strip().splitlines() or ["failed"])[-1]
        raise TargetError(f"git {' '.join(arguments)}: {message}")
    return done.stdout


def _run(specs: Sequence[TargetSpec], args: argparse.Namespace, options: VerifyOptions,
         codes: dict[str, set[str]] | None = None) -> list[Report]:
    from jaxpure.verify.plan import plan_task, roots_of
    from jaxpure.verify.worker import WorkerPool

    roots = roots_of(args.findings) if args.findings else ()
    tasks = [plan_task(spec, options, args.examples, args.from_tests, roots,
                       codes.get(spec.text) if codes is not None else None, bool(args.checks))
             for spec in specs]
    if not tasks:
        return []
    with WorkerPool(jobs=args.jobs, devices=args.devices, timeout=args.timeout) as pool:
        return pool.run(tasks)


def _print_reports(reports: Sequence[Report], args: argparse.Namespace) -> None:
    from jaxpure.verify.render import render_table, summary_line, to_json

    if args.output_format == "json":
        print(to_json(reports))
        return
    table = render_table(reports, failures_only=args.failures_only)
    if table:
        print(table, flush=True)
    print(summary_line(reports), file=sys.stderr)


def _verify_findings(args: argparse.Namespace, options: VerifyOptions, specs: list[TargetSpec]) -> int:
    from jaxpure.verify.render import to_json
    from jaxpure.verify.static import codes_by_target, exit_code, static_findings, targets_of, verdict

    missing = [path for path in args.findings if not os.path.exists(path)]
    if missing:
        print(f"jaxpure verify: error: no such path {missing[0]}", file=sys.stderr)
        return EXIT_ERROR
    findings, errors = static_findings(args.findings)
    for error in errors:
        print(f"jaxpure verify: {error}", file=sys.stderr)
    flagged = [TargetSpec.parse(target) for target in targets_of(findings)]
    named = {spec.text for spec in flagged}
    all_specs = flagged + [spec for spec in specs if spec.text not in named]
    reports = _run(all_specs, args, options, codes_by_target(findings))
    by_target = {report.target: report for report in reports}
    verdicts = [verdict(finding, by_target) for finding in findings]
    if args.output_format == "json":
        print(to_json(reports, [v.to_dict() for v in verdicts]))
    else:
        _print_verdicts(verdicts)
        if reports and not args.failures_only:
            print()
        _print_reports(reports, args) if reports else None
    crashed = any(c.check == RUN and c.status == ERROR for report in reports for c in report.checks)
    return exit_code(verdicts, crashed, args.allow_not_run)


def _print_verdicts(verdicts: Sequence[object]) -> None:
    from jaxpure.verify.static import FindingVerdict

    rows = []
    for item in verdicts:
        assert isinstance(item, FindingVerdict)
        f = item.finding
        rows.append((f"{f.filename}:{f.row}:{f.column}", f.code, item.status, item.detail))
    if not rows:
        print("jaxpure check reported no findings to verify.", file=sys.stderr)
        return
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        print("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:3])) + "  " + row[3])
    from jaxpure.verify.static import summary

    print(summary([item for item in verdicts if isinstance(item, FindingVerdict)]), file=sys.stderr)
