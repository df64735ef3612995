"""Test code: test modules and the functions of a test.

A test draws its inputs from whatever key is at hand (`x = normal(key, shape)`, `y =
bernoulli(key, 0.5, shape)`): correlated inputs make a test weaker at worst, while the same
two draws in library code give a model correlated noise. The key analysis asks this layer
whether a function is a test's (flow/key_idioms.py); the module summaries ask whether a module
is a test module (contracts.py), which then exercises its own models. A statement a test
expects to raise (the last one under ``pytest.raises``) is asked about by the key analysis (it
draws nothing anyone sees) and by JXP202 (what it discards was never meant to be kept).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import libcst as cst

from jaxpure.analysis.syntax import descendants

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


def in_test_code(unit: Unit | None, index: ModuleIndex) -> bool:
    """``unit`` is a test's own code (``is_test_function``), or any function of a file the
    project's test-file profile names (``tests/**``, ``*_test.py``): a helper there builds a
    test's inputs or runs its case (kfac-jax's ``estimator_test_utils.py``), as a test does."""
    return is_test_function(unit) or unit is not None and index.test_file


def _is_test_class(name: str) -> bool:
    return name.startswith("Test") or name.endswith(("Test", "Tests"))


def expected_to_raise(statements: list[tuple[Unit | None, cst.With]],
                      qualname: Callable[[cst.BaseExpression, Unit | None], str | None]
                      ) -> frozenset[int]:
    """The ids of the nodes (in) the last statement of a ``with`` block that expects an
    exception (``pytest.raises``, ``self.assertRaises(Regex)``,
    ``np.testing.assert_raises``): the statement is there to raise, so its result was never
    meant to be kept, and what it would draw nobody sees. An earlier statement of the block
    is not: it runs, and what it discards is lost. Nor is a compound last statement (what
    it holds are statements of their own). ``statements``: the module's ``with``
    statements, each in its function; ``qualname`` resolves a name there."""
    found: set[int] = set()
    for unit, statement in statements:
        if not any(expects_raise(item.item, lambda func: qualname(func, unit))
                   for item in statement.items):
            continue
        body = statement.body
        last = body.body[-1] if type(body) is cst.IndentedBlock else body
        if type(last) is cst.SimpleStatementLine or type(last) is cst.SimpleStatementSuite:
            small = last.body[-1]
            found.add(id(small))
            found.update(id(node) for node in descendants(small))
    return frozenset(found)


def expects_raise(item: cst.BaseExpression,
                   qualname: Callable[[cst.BaseExpression], str | None]) -> bool:
    if not type(item) is cst.Call:
        return False
    if qualname(item.func) in _RAISES_CONTEXTS:
        return True
    func = item.func
    return type(func) is cst.Attribute and func.attr.value in _RAISES_METHODS \
        and type(func.value) is cst.Name and func.value.value in ("self", "cls")


_RAISES_CONTEXTS = frozenset({"pytest.raises", "numpy.testing.assert_raises",
                              "numpy.testing.assert_raises_regex"})
_RAISES_METHODS = frozenset({"assertRaises", "assertRaisesRegex", "assertRaisesRegexp"})
