"""Run a function eagerly and under jit, vmap, pmap and shard_map, and perform the checks.

Everything here runs in the process that owns the user's code: a worker of the CLI, or the
caller's own process through the Python API. Each run gets fresh copies of the arguments and
starts from the same module state (globals, closure cells, Python and NumPy RNG states).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from jaxpure.verify.checks import run_all
from jaxpure.verify.options import Example, VerifyOptions
from jaxpure.verify.results import Report
from jaxpure.verify.run_context import RunContext
from jaxpure.verify.subject import Subject


class Verifier:
    """Runs the checks on functions in this process.

    ``Verifier(options).run(fn, *args, **kwargs)`` — the options never mix with ``fn``'s own
    keyword arguments. ``run_fix(before, after, *args, **kwargs)`` also compares ``after`` under
    every transform with ``before`` run eagerly.
    """

    def __init__(self, options: VerifyOptions | None = None) -> None:
        self.options = options or VerifyOptions()

    def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Report:
        subject = Subject.build(fn, [Example(args=args, kwargs=kwargs)],
                                extra_static_argnums=self.options.static_argnums,
                                extra_static_argnames=self.options.static_argnames)
        return self.run_subject(subject)

    def run_fix(self, before: Callable[..., Any], after: Callable[..., Any], *args: Any, **kwargs: Any) -> Report:
        examples = [Example(args=args, kwargs=kwargs)]
        reference = Subject.build(before, examples, extra_static_argnums=self.options.static_argnums,
                                  extra_static_argnames=self.options.static_argnames)
        subject = Subject.build(after, examples, extra_static_argnums=self.options.static_argnums,
                                extra_static_argnames=self.options.static_argnames)
        return self.run_subject(subject, reference)

    def run_subject(self, subject: Subject, reference: Subject | None = None) -> Report:
        started = time.perf_counter()
        context = RunContext(subject, self.options, reference)
        run_all(context)
        meta = {"static_argnums": list(subject.static_argnums),
                "static_argnames": list(subject.static_argnames),
                "devices": context.devices}
        return Report(subject.name, tuple(context.results), time.perf_counter() - started, meta)
