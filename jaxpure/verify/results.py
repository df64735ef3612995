"""What a verification produces: one result per check and transform, gathered in a report.

Pure Python (no jax): reports travel from worker processes to the parent as plain dicts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Check statuses. "fail" means a problem was confirmed at runtime; "not-observable" means the
# claim being checked leaves no runtime trace (so "it did not happen" would be misleading);
# "error" means the verifier could not run the code at all (crash, timeout, import failure).
PASS = "pass"
FAIL = "fail"
SKIPPED = "skipped"
NOT_OBSERVABLE = "not-observable"
ERROR = "error"
STATUSES = (PASS, FAIL, SKIPPED, NOT_OBSERVABLE, ERROR)

# Check names, in the order they run.
TRACES = "traces"
JIT_AGREES = "jit-agrees"
STALE_GLOBALS = "stale-globals"
SIDE_EFFECTS = "side-effects"
KEY_REUSE = "key-reuse"
RETRACING = "retracing"
ARG_MUTATION = "arg-mutation"
VMAP_AGREES = "vmap-agrees"
PMAP_AGREES = "pmap-agrees"
FIX_AGREES = "fix-agrees"
RUN = "run"  # pseudo-check for a target that could not be imported, given inputs, or finished
CHECKS = (TRACES, JIT_AGREES, STALE_GLOBALS, SIDE_EFFECTS, KEY_REUSE, RETRACING, ARG_MUTATION,
          VMAP_AGREES, PMAP_AGREES)


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """The user's line a runtime problem points at (taken from the traceback)."""

    filename: str
    line: int
    function: str = ""

    def __str__(self) -> str:
        where = f"{self.filename}:{self.line}"
        return f"{where} in {self.function}" if self.function else where


@dataclass(frozen=True, slots=True)
class CheckResult:
    check: str
    transform: str  # "eager", "jit", "vmap", "pmap", "shard_map" or "-" when not transform-specific
    status: str
    detail: str = ""
    code: str | None = None  # the rule code a failure confirms, e.g. "JXP401"
    location: SourceLocation | None = None

    @property
    def failed(self) -> bool:
        return self.status == FAIL

    def to_dict(self) -> dict[str, Any]:
        return {
            "check": self.check,
            "transform": self.transform,
            "status": self.status,
            "code": self.code,
            "detail": self.detail,
            "location": None if self.location is None else {
                "filename": self.location.filename,
                "line": self.location.line,
                "function": self.location.function,
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CheckResult:
        where = data.get("location")
        location = SourceLocation(where["filename"], where["line"], where.get("function", "")) if where else None
        return cls(data["check"], data["transform"], data["status"], data.get("detail", ""),
                   data.get("code"), location)


@dataclass(frozen=True, slots=True)
class Report:
    """Everything verified about one target.

    ``ok`` is true when nothing failed and the target could be run; ``codes`` are the rule
    codes confirmed at runtime.
    """

    target: str
    checks: tuple[CheckResult, ...] = ()
    seconds: float = field(default=0.0, compare=False)
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def ok(self) -> bool:
        return not any(c.status in (FAIL, ERROR) for c in self.checks)

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(c.code for c in self.checks if c.status == FAIL and c.code)

    @property
    def could_not_run(self) -> bool:
        """True when the target itself never ran (import failure, no inputs, crash, timeout)."""
        return any(c.status == ERROR or (c.check == RUN and c.status == SKIPPED)
                   for c in self.checks)

    @property
    def failures(self) -> tuple[CheckResult, ...]:
        return tuple(c for c in self.checks if c.status == FAIL)

    def results(self, check: str, transform: str | None = None) -> tuple[CheckResult, ...]:
        return tuple(c for c in self.checks
                     if c.check == check and (transform is None or c.transform == transform))

    def confirmed(self, code: str) -> tuple[CheckResult, ...]:
        return tuple(c for c in self.checks if c.status == FAIL and c.code == code)

    def to_dict(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "ok": self.ok,
            "codes": sorted(self.codes),
            "seconds": round(self.seconds, 3),
            "checks": [c.to_dict() for c in self.checks],
            **({"meta": self.meta} if self.meta else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Report:
        return cls(data["target"], tuple(CheckResult.from_dict(c) for c in data.get("checks", ())),
                   float(data.get("seconds", 0.0)), dict(data.get("meta", {})))


def error_report(target: str, detail: str, seconds: float = 0.0) -> Report:
    """A target that could not be run at all (import failure, crash, timeout)."""
    return Report(target, (CheckResult(RUN, "-", ERROR, detail),), seconds)


def skipped_report(target: str, detail: str) -> Report:
    """A target that was not run for a reason that is not a failure (e.g. no inputs)."""
    return Report(target, (CheckResult(RUN, "-", SKIPPED, detail),))
