"""``jaxpure verify --findings``: run the static check, verify the functions it flags, and say
for each finding whether the runtime confirms it (pure Python: runs in the parent)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxpure.verify.options import EXAMPLES_FILE
from jaxpure.verify.results import ERROR, RUN, SKIPPED, Report
from jaxpure.verify.sourceinfo import callers_of, enclosing_callable

CONFIRMED = "confirmed"
NOT_OBSERVED = "not observed"
NOT_OBSERVABLE = "not observable"
NOT_RUN = "not run"

# Rules whose problem leaves no runtime trace that the verifier can see.
UNOBSERVABLE = {
    "JXP001": "a syntax error is not a runtime behaviour",
    "JXP105": "a constant key gives the same numbers eagerly and under jit",
    "JXP202": "a discarded .at[] update computes the same eagerly and under jit",
    "JXP603": "re-jitting in a loop costs compile time but computes the same",
}

# Rules with a runtime check, and the check that confirms each.
CHECK_FOR_CODE = {
    "JXP101": "stale-globals",
    "JXP102": "side-effects",
    "JXP103": "side-effects",
    "JXP104": "side-effects",
    "JXP201": "traces",
    "JXP301": "key-reuse",
    "JXP302": "key-reuse",
    "JXP401": "traces",
    "JXP402": "traces",
    "JXP403": "traces",
    "JXP501": "retracing",
    "JXP502": "arg-mutation",
    "JXP601": "side-effects",
    "JXP602": "traces",
}

# A finding of one code confirmed at runtime as a close sibling (the runtime decides
# "in a loop" or "stored a tracer" better than the static guess).
SIBLINGS = {
    "JXP301": {"JXP302"}, "JXP302": {"JXP301"},
    "JXP102": {"JXP601"}, "JXP103": {"JXP601"}, "JXP601": {"JXP102", "JXP103"},
    "JXP502": {"JXP601"},
}

SKIP_DIRS = {".git", ".hg", ".venv", "venv", "__pycache__", "build", "dist", ".tox", ".nox",
             "node_modules", ".mypy_cache", ".pytest_cache", ".ruff_cache"}


@dataclass(frozen=True)
class StaticFinding:
    filename: str
    row: int
    column: int
    code: str
    message: str
    target: str | None  # "path::qualname", None when the line is not inside a function
    why_no_target: str = ""
    callers: tuple[str, ...] = ()  # same-module functions that use the target (tried as well)

    @property
    def candidates(self) -> tuple[str, ...]:
        return ((self.target,) if self.target else ()) + self.callers


@dataclass(frozen=True)
class FindingVerdict:
    finding: StaticFinding
    status: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        f = self.finding
        return {"filename": f.filename, "row": f.row, "column": f.column, "code": f.code,
                "message": f.message, "target": f.target, "status": self.status, "detail": self.detail}


def python_files(paths: Sequence[str]) -> list[str]:
    found: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            found.append(str(path))
            continue
        for directory, subdirs, files in os.walk(path):
            subdirs[:] = sorted(d for d in subdirs if d not in SKIP_DIRS and not d.startswith("."))
            found += [os.path.join(directory, name) for name in sorted(files)
                      if name.endswith(".py") and name != EXAMPLES_FILE]
    return found


def static_findings(paths: Sequence[str]) -> tuple[list[StaticFinding], list[str]]:
    """Findings of ``jaxpure check`` (with the project's configuration), and per-file errors."""
    from jaxpure.engine import check_source

    settings = _settings(paths)
    findings: list[StaticFinding] = []
    errors: list[str] = []
    for filename in python_files(paths):
        try:
            data = Path(filename).read_bytes()
        except OSError as error:
            errors.append(f"{filename}: {error.strerror or error}")
            continue
        result = check_source(data, filename, settings)
        if result.error:
            errors.append(f"{filename}: {result.error}")
        for finding in result.findings:
            span = enclosing_callable(filename, finding.location.row)
            target = f"{filename}::{span.qualname}" if span else None
            callers = tuple(f"{filename}::{c.qualname}"
                            for c in callers_of(filename, span.qualname.split(".")[-1])) if span else ()
            findings.append(StaticFinding(filename, finding.location.row, finding.location.column,
                                          finding.code, finding.message, target,
                                          "" if span else "not inside a module-level function or method; "
                                                          "move the code into a function to verify it",
                                          callers))
    return findings, errors


def _settings(paths: Sequence[str]) -> Any:
    try:
        from jaxpure.config import discover_config

        return discover_config(Path(paths[0]) if paths else Path.cwd()).settings
    except Exception:  # noqa: BLE001 - a broken config is `jaxpure check`'s to report; verify with defaults
        from jaxpure.settings import Settings

        return Settings()


def codes_by_target(findings: Iterable[StaticFinding]) -> dict[str, set[str]]:
    """The codes whose checks each target (and each caller tried for it) must run."""
    table: dict[str, set[str]] = {}
    for finding in findings:
        for target in finding.candidates:
            table.setdefault(target, set()).add(finding.code)
    return table


def targets_of(findings: Iterable[StaticFinding]) -> list[str]:
    seen: dict[str, None] = {}
    for finding in findings:
        if finding.code not in UNOBSERVABLE:
            for target in finding.candidates:
                seen.setdefault(target, None)
    return list(seen)


def verdict(finding: StaticFinding, reports: dict[str, Report]) -> FindingVerdict:
    if finding.code in UNOBSERVABLE:
        return FindingVerdict(finding, NOT_OBSERVABLE, UNOBSERVABLE[finding.code])
    if finding.target is None:
        return FindingVerdict(finding, NOT_RUN, finding.why_no_target)
    if finding.code not in CHECK_FOR_CODE:
        return FindingVerdict(finding, NOT_RUN, f"no runtime check for {finding.code}")
    ran: list[tuple[str, Report]] = []
    for target in finding.candidates:
        report = reports.get(target)
        if report is None or report.could_not_run:
            continue
        via = "" if target == finding.target else f"via {target.rpartition('::')[2]}: "
        exact = report.confirmed(finding.code)
        if exact:
            return FindingVerdict(finding, CONFIRMED, via + _where(exact) + _inputs_note(report))
        for sibling in sorted(SIBLINGS.get(finding.code, ())):
            near = report.confirmed(sibling)
            if near:
                return FindingVerdict(finding, CONFIRMED,
                                      f"{via}as {sibling}: {_where(near)}{_inputs_note(report)}")
        ran.append((target, report))
    if not ran:
        primary = reports.get(finding.target)
        if primary is None:
            return FindingVerdict(finding, NOT_RUN, "the function was not verified")
        return FindingVerdict(finding, NOT_RUN, why_not_run(primary))
    check = CHECK_FOR_CODE[finding.code]
    report = ran[0][1]
    results = report.results(check)
    if results and all(r.status == SKIPPED for r in results):
        return FindingVerdict(finding, NOT_RUN, f"{check} skipped: {results[0].detail}")
    if not results:
        return FindingVerdict(finding, NOT_RUN, f"its check, {check}, was not run (add it to --checks)")
    summary = "; ".join(f"{r.transform} {r.status}" for r in results)
    unrelated = [c for c in report.failures
                 if c.code not in ({finding.code} | SIBLINGS.get(finding.code, set()))]
    if unrelated:
        other = unrelated[0]
        code = f" {other.code}" if other.code else ""
        summary += (f"; a failure unrelated to this finding ({other.check}/{other.transform}{code}): "
                    f"{other.detail}")
    return FindingVerdict(finding, NOT_OBSERVED, f"{check}: {summary}{_inputs_note(report)}")


def _inputs_note(report: Report) -> str:
    """Where the inputs came from (and the failing one), so that a reader can check the verdict."""
    inputs = report.meta.get("inputs")
    failing = report.meta.get("failing_input")
    if failing:
        return f" [input: {failing}]"
    return f" [inputs: {inputs}]" if inputs else ""


def why_not_run(report: Report) -> str:
    """Why a report's target did not run, and what would let it run."""
    detail = next((c.detail for c in report.checks if c.check == RUN), None)
    if detail is None:
        detail = next((f"{c.check}/{c.transform}: {c.detail}" for c in report.checks if c.status == ERROR),
                      "it could not be run")
        if "fails eagerly" in detail:
            qualname = report.target.rpartition("::")[2]
            detail += (f"; give inputs that suit it: `EXAMPLES = {{\"{qualname}\": lambda: (...)}}` "
                       f"in {EXAMPLES_FILE}")
    missing = MISSING_MODULE.search(detail)
    if missing:
        top = missing.group(1).split(".")[0]
        detail += f"; install {top} (pip install {top}) where jaxpure verify runs"
    return detail


MISSING_MODULE = re.compile(r"No module named '([\w.]+)'")
REASONS = (("no example", "no inputs"), ("cannot import", "import failed"), ("timed out", "timed out"),
           ("crashed", "crashed"), ("fails eagerly", "fails with the inputs"), ("skipped", "check skipped"),
           ("not inside", "not in a function"), ("no runtime check", "no runtime check"))


def reason_kind(detail: str) -> str:
    return next((kind for marker, kind in REASONS if marker in detail), "other")


def exit_code(verdicts: Sequence[FindingVerdict], crashed: bool, allow_not_run: bool) -> int:
    """1 when a finding is confirmed; else 2 when one was not run (or a target crashed), unless
    that is allowed; else 0: every finding asked about ran and none was confirmed."""
    if any(v.status == CONFIRMED for v in verdicts):
        return 1
    if (crashed or any(v.status == NOT_RUN for v in verdicts)) and not allow_not_run:
        return 2
    return 0


def summary(verdicts: Sequence[FindingVerdict]) -> str:
    """``12 finding(s): 3 confirmed, 2 not observed, 6 not run (4 no inputs, 2 import failed)``."""
    counts: dict[str, int] = {}
    for item in verdicts:
        counts[item.status] = counts.get(item.status, 0) + 1
    parts = []
    for status in (CONFIRMED, NOT_OBSERVED, NOT_OBSERVABLE, NOT_RUN):
        if status not in counts:
            continue
        text = f"{counts[status]} {status}"
        if status in (NOT_RUN, NOT_OBSERVED):
            kinds: dict[str, int] = {}
            for item in verdicts:
                if item.status == status:
                    kind = reason_kind(item.detail) if status == NOT_RUN else (
                        "an unrelated failure" if "unrelated" in item.detail else "ran cleanly")
                    kinds[kind] = kinds.get(kind, 0) + 1
            text += " (" + ", ".join(f"{n} {kind}" for kind, n in kinds.items()) + ")"
        parts.append(text)
    return f"{len(verdicts)} finding(s): " + ", ".join(parts)


TRANSFORM_ORDER = ("eager", "jit", "vmap", "pmap", "shard_map", "-")


def _where(results: Sequence[Any]) -> str:
    transforms = sorted({r.transform for r in results},
                        key=lambda t: TRANSFORM_ORDER.index(t) if t in TRANSFORM_ORDER else 99)
    return f"under {', '.join(transforms)}: {results[0].detail}"
