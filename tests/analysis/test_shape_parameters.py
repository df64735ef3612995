"""Parameters another module's function uses as shapes (module/contracts.py,
module/gate_index.py): the defining module's summary names them for the functions other
modules' traced code calls, a module handing such a function its own parameter there gets
a seed, and a model method's parameter handed so is a shape parameter there, as when both
sat in one file."""

from __future__ import annotations

import libcst as cst

from jaxpure.analysis import lattice as L
from jaxpure.analysis.module.contracts import exported_shape_parameters
from jaxpure.analysis.module.gate_index import SHAPE_ASK, SHAPE_PARAMETERS
from jaxpure.analysis.module.index import build_index
from jaxpure.analysis.module.summary import ExternalCall, ModuleSummary, Seed, propagate
from jaxpure.analysis.pipeline import analyze
from jaxpure.engine import _def_lines, _unit_line

HELPERS = """\
import jax.numpy as jnp

def extend_and_repeat(tensor, axis, repeat):
    return jnp.repeat(jnp.expand_dims(tensor, axis), repeat, axis=axis)

def scale(x, s):
    return x * s

def unasked(x, n):
    return jnp.zeros((n,))
"""

MODELS = """\
from flax import linen as nn

from .helpers import extend_and_repeat, scale


class Policy(nn.Module):
    def __call__(self, observations, repeat=None):
        return extend_and_repeat(observations, 1, repeat)


class Gate(nn.Module):
    def __call__(self, x, threshold):
        return scale(x, threshold)
"""


def test_a_module_names_the_shape_parameters_of_the_functions_other_modules_call() -> None:
    seeds = [Seed(name, "jax.jit", "jax.jit", "jax.jit", "models.py:7", (L.TRACED, L.TRACED), ())
             for name in ("extend_and_repeat", "scale", "unasked")]

    def exported(asked: tuple[str, ...]) -> tuple:
        asks = [Seed(name, SHAPE_ASK, None, None, "models.py", (), ()) for name in asked]
        ctx = analyze(cst.parse_module(HELPERS), {}, module_name="pkg.helpers",
                      seeds=seeds + asks)
        return exported_shape_parameters(ctx.resolver, ctx.traced_analysis.info)

    # `unasked` uses `n` as a shape, but no call hands it a parameter of its own
    assert exported(("extend_and_repeat", "scale")) == (("extend_and_repeat", ("repeat",), (2,)),)
    assert exported(()) == ()


def _kinds_passed(seeds: list[Seed]) -> dict[str, tuple[int, ...]]:
    ctx = analyze(cst.parse_module(MODELS), {}, module_name="pkg.models", package="pkg",
                  seeds=seeds)
    return {callee: positional for _u, callee, positional, *_rest in ctx.external_calls}


def test_a_model_parameter_handed_to_an_imported_shape_parameter_is_static() -> None:
    assert _kinds_passed([])["pkg.helpers.extend_and_repeat"][2] == L.TRACED
    seed = Seed("pkg.helpers.extend_and_repeat", SHAPE_PARAMETERS, None, None, "helpers.py",
                (), (("repeat", 2),))
    passed = _kinds_passed([seed])
    assert passed["pkg.helpers.extend_and_repeat"][2] == L.STATIC
    assert passed["pkg.helpers.scale"][1] == L.TRACED  # no shape: the contract stands


def _summary(module: str, calls: tuple[ExternalCall, ...] = (),
             shapes: tuple = (), functions: frozenset[str] = frozenset(),
             reexports: tuple = ()) -> ModuleSummary:
    return ModuleSummary(module, functions, calls, reexports, shape_parameters=shapes)


def test_only_a_module_handing_its_own_parameter_there_gets_the_seed() -> None:
    helpers = _summary("pkg.helpers", functions=frozenset({"extend_and_repeat"}),
                       shapes=(("extend_and_repeat", ("repeat",), (2,)),))
    imports = (("extend_and_repeat", "pkg.helpers.extend_and_repeat"),)

    def call(forwarded: tuple[int | str, ...]) -> ExternalCall:
        return ExternalCall("pkg.helpers.extend_and_repeat", "__call__", 7, "jax.jit", "jax.jit",
                            "jax.jit", (L.TRACED, L.STATIC, L.TRACED), (), forwarded=forwarded)

    def shape_seeds(forwarded: tuple[int | str, ...]) -> tuple[list[Seed], list[str]]:
        models = _summary("pkg.models", (call(forwarded),), reexports=imports)
        seeds = propagate({"pkg.helpers": (helpers, "helpers.py", "helpers.py"),
                           "pkg.models": (models, "models.py", "models.py")})
        asks = [s.function for s in seeds.get("pkg.helpers", []) if s.via == SHAPE_ASK]
        return [s for s in seeds.get("pkg.models", []) if s.via == SHAPE_PARAMETERS], asks

    found, asks = shape_seeds((0, 2))
    assert [s.keywords for s in found] == [(("repeat", 2),)] and asks == ["extend_and_repeat"]
    found, asks = shape_seeds((0,))
    assert found == [] and asks == ["extend_and_repeat"]  # `repeat` given as something else
    assert shape_seeds(())[1] == []  # no parameter handed: nothing asked
    assert [s.keywords for s in shape_seeds(("repeat",))[0]] == [(("repeat", 2),)]


def test_a_call_names_the_line_of_its_own_function_among_those_of_one_name() -> None:
    source = MODELS + '    x = """\ndef __call__\n"""\n'
    index = build_index(cst.parse_module(MODELS), "pkg")
    calls = [u for u in index.units if u.name == "__call__"]
    lines = _def_lines(MODELS)
    assert [_unit_line(lines, index, u) for u in calls] == [7, 12]
    # a `def` line inside a string: the count differs, the first stands
    assert [_unit_line(_def_lines(source), index, u) for u in calls] == [7, 7]
