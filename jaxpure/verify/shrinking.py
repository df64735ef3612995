"""The input a confirmed problem was seen with, for the report: shrunk by hypothesis when the
inputs were drawn from types, as given otherwise (worker side)."""

from __future__ import annotations

from typing import Any

from jaxpure.verify.errors import rule_code
from jaxpure.verify.options import VerifyOptions
from jaxpure.verify.results import TRACES, Report

SHRINK_BUDGET = 12  # draws hypothesis may try: each one traces the function once


def failing_input(report: Report, inputs: Any, fn: Any, options: VerifyOptions) -> dict[str, str]:
    """``{"failing_input": text}`` when the report confirms a problem, else nothing."""
    from jaxpure.verify.strategies import describe, shrink

    if not report.codes or not inputs.examples or not (inputs.examples[0].args or inputs.examples[0].kwargs):
        return {}
    traced = sorted(c.code for c in report.failures if c.check == TRACES and c.transform == "jit" and c.code)
    if inputs.strategy is not None and traced:
        code = traced[0]
        smallest = shrink(inputs.strategy, lambda example: _fails_under_jit(fn, example, code, options),
                          SHRINK_BUDGET)
        if smallest is not None:
            return {"failing_input": f"{describe(smallest)} (shrunk by hypothesis; {code} under jit)"}
    return {"failing_input": f"{describe(inputs.examples[0])} (from {inputs.source})"}


def _fails_under_jit(fn: Any, example: Any, code: str, options: VerifyOptions) -> bool:
    from jaxpure.verify.input_sources import static_non_arrays
    from jaxpure.verify.run_context import ready
    from jaxpure.verify.subject import Subject, unwrap

    examples = [example] if unwrap(fn).was_jitted else static_non_arrays(unwrap(fn).fn, [example])
    subject = Subject.build(fn, examples, extra_static_argnums=options.static_argnums,
                            extra_static_argnames=options.static_argnames)
    call = subject.call(0)
    try:
        ready(subject.jit()(*call.args, **call.kwargs))
    except Exception as error:  # noqa: BLE001 - user code may raise anything
        return rule_code(error) == code
    return False
