"""Test code: test modules and the functions of a test.

A test draws its inputs from whatever key is at hand (`x = normal(key, shape)`, `y =
bernoulli(key, 0.5, shape)`): correlated inputs make a test weaker at worst, while the same
two draws in library code give a model correlated noise. The key analysis asks this layer
whether a function is a test's (flow/keys.py); the module summaries ask whether a module is a
test module (contracts.py), which then exercises its own models.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxpure.analysis.module.index import ModuleIndex, Unit

# methods a test framework runs around each test (unittest, absltest, pytest classes)
_FIXTURE_METHODS = frozenset({"setUp", "setUpClass", "setup_method", "setup_class"})


def is_test_module(index: ModuleIndex) -> bool:
    """A module defining test functions or test classes."""
    return any(name.startswith("test") for name in index.defs) or any(
        _is_test_class(name) for name in index.class_nodes)


def is_test_function(unit: Unit | None) -> bool:
    """``unit`` is a test (``def test_x``), a fixture method of a test class, a method of a
    test class (``class FooTest``), or a function nested in one of them."""
    while unit is not None:
        if unit.name.startswith("test") or unit.name in _FIXTURE_METHODS or \
                unit.class_name is not None and _is_test_class(unit.class_name):
            return True
        unit = unit.parent
    return False


def _is_test_class(name: str) -> bool:
    return name.startswith("Test") or name.endswith(("Test", "Tests"))
