"""Verify fixes applied by ``jaxpure check --fix``: for each fixed function, the version before
the fix runs eagerly as the reference and the fixed one under every transform.

For the CLI owner's ``check --fix --verify``: call :func:`verify_fixes` with each rewritten
file's path, its text before the fix, and the rows of the applied fixes (in the new text).
Pure Python in this process; the functions run in worker processes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jaxpure.verify.options import VerifyOptions
from jaxpure.verify.results import FAIL, FIX_AGREES, RUN, SKIPPED, Report
from jaxpure.verify.sourceinfo import enclosing_callable, parse_file

VERIFIED = "verified"
DIFFERS = "differs"
NO_EXAMPLE = "no example"
NOT_RUN = "not run"


@dataclass(frozen=True)
class FixedFile:
    path: str
    old_source: str  # the file's text before the fixes
    rows: tuple[int, ...]  # 1-based rows of the applied fixes, in the fixed file


@dataclass(frozen=True)
class FixVerdict:
    path: str
    row: int
    target: str | None  # "path::qualname"
    status: str  # verified / differs / no example / not run
    detail: str


def verify_fixes(files: Sequence[FixedFile], *, timeout: float = 120.0, devices: int = 4, jobs: int = 1,
                 options: VerifyOptions | None = None) -> list[FixVerdict]:
    from jaxpure.verify.targets import TargetSpec
    from jaxpure.verify.worker import Task, WorkerPool

    targets: dict[str, Task] = {}
    placed: list[tuple[FixedFile, int, str | None]] = []
    for fixed in files:
        parse_file.cache_clear()  # the file was just rewritten
        for row in fixed.rows:
            span = enclosing_callable(fixed.path, row)
            target = f"{fixed.path}::{span.qualname}" if span else None
            placed.append((fixed, row, target))
            if target and target not in targets:
                spec = TargetSpec.parse(target).with_old_source(fixed.old_source, "before --fix")
                targets[target] = Task(spec, options or VerifyOptions())
    reports: dict[str, Report] = {}
    if targets:
        with WorkerPool(jobs=jobs, devices=devices, timeout=timeout) as pool:
            reports = dict(zip(targets, pool.run(list(targets.values()))))
    return [_verdict(fixed.path, row, target, reports.get(target) if target else None)
            for fixed, row, target in placed]


def _verdict(path: str, row: int, target: str | None, report: Report | None) -> FixVerdict:
    if target is None:
        return FixVerdict(path, row, None, NOT_RUN, "the fix is not inside a module-level function or method")
    if report is None:
        return FixVerdict(path, row, target, NOT_RUN, "not verified")
    run = report.results(RUN)
    if run and run[0].status == SKIPPED:
        return FixVerdict(path, row, target, NO_EXAMPLE, run[0].detail)
    if report.could_not_run:
        reason = run[0].detail if run else "the function could not be run"
        return FixVerdict(path, row, target, NOT_RUN, reason)
    disagreements = [c for c in report.results(FIX_AGREES) if c.status == FAIL]
    if disagreements:
        return FixVerdict(path, row, target, DIFFERS,
                          f"{disagreements[0].transform}: {disagreements[0].detail} (a fix that makes a "
                          "discarded update take effect changes results on purpose)")
    remaining = report.failures
    if remaining:
        codes = ", ".join(sorted(report.codes)) or remaining[0].check
        return FixVerdict(path, row, target, DIFFERS, f"the fixed function still fails: {codes}")
    agreed = sorted(c.transform for c in report.results(FIX_AGREES) if c.status == "pass")
    note = (f"agrees with the original under {', '.join(agreed)}" if agreed
            else "passes every check (the original could not serve as a reference)")
    return FixVerdict(path, row, target, VERIFIED, note)
