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


def expected_to_raise(parents: dict[int, cst.CSTNode], node: cst.CSTNode,
                      qualname: Callable[[cst.BaseExpression], str | None]) -> bool:
    """Whether ``node`` is (in) the last statement of a ``with`` block that expects an
    exception (``pytest.raises``, ``self.assertRaises(Regex)``, ``np.testing.assert_raises``):
    the statement is there to raise, so its result was never meant to be kept, and what it
    would draw nobody sees. An earlier statement of the block is not: it runs, and what it
    discards is lost. ``parents`` maps node ids to parents; ``qualname`` resolves a name."""
    statement: cst.CSTNode | None = node
    while statement is not None and not isinstance(
            statement, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
        statement = parents.get(id(statement))
    if statement is None:
        return False
    line = parents.get(id(statement))
    if type(line) is cst.SimpleStatementLine and line.body[-1] is not statement:
        return False
    block = parents.get(id(line)) if type(line) is cst.SimpleStatementLine else line
    if type(block) is cst.SimpleStatementSuite:
        if block.body[-1] is not statement:
            return False
    elif not type(block) is cst.IndentedBlock or block.body[-1] is not line:
        return False
    owner = parents.get(id(block))
    return type(owner) is cst.With and any(expects_raise(item.item, qualname)
                                           for item in owner.items)


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
