"""What to run for each target (parent side, pure Python): its inputs' hints from the project
(call sites, the transforms the code applies, tests that call it) and, for ``--findings``, only
the checks its findings need and the batched transforms the code applies to it."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Sequence

from jaxpure.verify.callsites import project_root, usage_of
from jaxpure.verify.options import VerifyOptions
from jaxpure.verify.results import TRACES
from jaxpure.verify.static import CHECK_FOR_CODE
from jaxpure.verify.targets import TargetSpec
from jaxpure.verify.worker import Task

BATCHED = ("vmap", "pmap", "shard_map")


def roots_of(paths: Sequence[str]) -> tuple[str, ...]:
    """The project directories to scan for call sites and tests."""
    roots: dict[str, None] = {}
    for path in paths:
        real = os.path.realpath(path)
        roots.setdefault(real if os.path.isdir(real) else project_root(real), None)
    return tuple(roots)


def plan_task(spec: TargetSpec, options: VerifyOptions, examples: str | None, from_tests: bool,
              roots: tuple[str, ...] = (), codes: Iterable[str] | None = None,
              checks_given: bool = False) -> Task:
    """A task for one target; ``codes`` (from --findings) narrows checks and transforms."""
    usage = usage_of(spec.path, spec.qualname, roots or (project_root(spec.path),)) if spec.path else None
    if usage is not None:
        options = dataclasses.replace(
            options, static_argnums=tuple(sorted(set(options.static_argnums) | usage.static_argnums)),
            static_argnames=tuple(sorted(set(options.static_argnames) | usage.static_argnames)))
    if codes is not None:
        if not checks_given:
            wanted = {TRACES} | {CHECK_FOR_CODE[code] for code in codes if code in CHECK_FOR_CODE}
            options = dataclasses.replace(options, checks=tuple(c for c in options.checks if c in wanted))
        applied = usage.transforms if usage is not None else set(BATCHED)
        options = dataclasses.replace(options, transforms=tuple(t for t in BATCHED if t in applied))
    return Task(spec, options, examples, usage=usage.to_dict() if usage else None, from_tests=from_tests)
