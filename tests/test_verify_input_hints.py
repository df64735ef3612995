"""Inputs for parameters without annotations (issue 16): a pytest test's own parametrize cases,
a docstring's ``Args:`` types, a parameter the body hands to ``jax.random``, and an abstract
class annotation drawn as a concrete dataclass subclass. Unit tests: no worker is started."""

from __future__ import annotations

import abc
import dataclasses

import pytest

jax = pytest.importorskip("jax")
pytest.importorskip("hypothesis")

import jax.random as jr  # noqa: E402

from jaxpure.verify.input_sources import automatic_inputs  # noqa: E402
from jaxpure.verify.strategies import docstring_types, draw, examples_strategy, key_parameters  # noqa: E402

pytestmark = pytest.mark.verify


@pytest.mark.parametrize("width", [8, 16])
@pytest.mark.parametrize("depth, scale", [(0, 1.0), pytest.param(1, 2.0, id="one")])
def _parametrized(depth, scale, width):
    return jax.numpy.ones(width) * depth * scale


def test_a_pytest_tests_parametrize_cases_are_its_inputs() -> None:
    inputs = automatic_inputs(_parametrized, "_parametrized", {}, from_tests=False)
    assert inputs.source == "pytest parametrize (depth=0, scale=1.0, width=8; +2 cases)", inputs.source
    assert [dict(e.kwargs) for e in inputs.examples] == [
        {"depth": 0, "scale": 1.0, "width": 8}, {"depth": 0, "scale": 1.0, "width": 16},
        {"depth": 1, "scale": 2.0, "width": 8}]
    # pytest passes plain values: nobody jits a test, so they stay static
    assert set(inputs.examples[0].static_argnames) == {"depth", "scale", "width"}


def _needs_a_fixture(tmp_path, depth):
    return depth


_needs_a_fixture = pytest.mark.parametrize("depth", [1])(_needs_a_fixture)


def test_parametrize_cases_that_leave_a_fixture_unfilled_are_not_used() -> None:
    inputs = automatic_inputs(_needs_a_fixture, "_needs_a_fixture", {}, from_tests=False)
    assert not hasattr(inputs, "examples") and inputs.parameter == "tmp_path", inputs


def _rotation(seed, n, theta=None):
    """A rotation.

    Args:
        seed (jax.random.PRNGKey): the key.
        n (int): the size.
        theta (float, optional): the angle.

    Returns:
        rot (Array): not a parameter.
    """
    return jr.uniform(seed, (n,))


def _split_twice(rng_state, count):
    first, _ = jr.split(rng_state)
    return first, count


def test_docstring_types_and_keys_handed_to_jax_random() -> None:
    assert docstring_types(_rotation) == {"seed": "jax.random.PRNGKey", "n": "int", "theta": "float"}
    (example,) = draw(examples_strategy(_rotation), 1)  # type: ignore[arg-type]
    seed, n = example.args
    assert jax.dtypes.issubdtype(seed.dtype, jax.dtypes.prng_key) and isinstance(n, int)
    assert key_parameters(_split_twice) == {"rng_state"}  # named like no key, but used as one
    missing = examples_strategy(_split_twice)
    assert missing.parameter == "count", missing  # the other, unused one is still not guessed


class Group(abc.ABC):
    @abc.abstractmethod
    def dim(self) -> int:
        ...


@dataclasses.dataclass(frozen=True)
class Rotation(Group):
    angle: jax.Array

    def dim(self) -> int:
        return 1


def test_an_abstract_class_annotation_draws_a_concrete_dataclass_subclass() -> None:
    def tangent(transform: Group):
        return transform.dim()

    (example,) = draw(examples_strategy(tangent), 1)  # type: ignore[arg-type]
    (transform,) = example.args
    assert isinstance(transform, Rotation) and isinstance(transform.angle, jax.Array)
