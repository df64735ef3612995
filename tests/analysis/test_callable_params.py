"""Which function a call through a parameter or a local name reaches (module/resolve.py):
the one every call and ``functools.partial`` of the function passes, or what a factory
returns."""

from __future__ import annotations

import textwrap

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.resolve import Resolver

from harness import kind_at

SOURCE = """
import functools


def first(step):
    return step


def second(step):
    return step


def make_rule(config):
    def rule(step):
        return step * 2 + config

    return rule


def apply_one(state, fn):
    return fn(state)


def apply_two(state, fn):
    return fn(state)


def run(config, state):
    local = make_rule(config)
    bound = functools.partial(apply_one, fn=local)
    return bound(state) + apply_two(state, first) + apply_two(state, second) + local(state)
"""


def _reached(source: str, function: str, call_text: str) -> str | None:
    module = cst.parse_module(textwrap.dedent(source))
    index = build_index(module, None)
    resolver = Resolver(index)
    unit = index.defs[function]
    call = next(c for c in unit.calls if module.code_for_node(c) == call_text)
    found = resolver.function(call.func, unit)
    return found.name if found is not None else None


def test_a_parameter_a_partial_binds_to_a_factorys_closure_reaches_the_closure() -> None:
    assert _reached(SOURCE, "apply_one", "fn(state)") == "rule"


def test_a_name_bound_once_to_a_factorys_result_reaches_the_closure() -> None:
    assert _reached(SOURCE, "run", "local(state)") == "rule"


def test_a_parameter_given_two_functions_reaches_neither() -> None:
    assert _reached(SOURCE, "apply_two", "fn(state)") is None


def test_the_closure_called_through_the_parameter_gets_the_traced_argument() -> None:
    traced = SOURCE.replace("def run(", "@jax.jit\ndef run(").replace(
        "import functools", "import functools\nimport jax")
    assert L.is_traced(kind_at(traced, "step * 2"))
