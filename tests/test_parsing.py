"""parse_module without node re-validation gives libcst's own trees and errors."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import libcst as cst
import pytest

from jaxpure import parsing

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "fixtures").rglob("*.py")) + sorted((ROOT / "jaxpure").rglob("*.py"))
JUNK = ["(", ")", ":", " ", "\t", "lambda", "*", "\\", "'", "=", "@", "yield ", "\n", "f'{"]


def _outcome(parse, source: str) -> tuple[str, object]:
    try:
        return "ok", parse(source)
    except Exception as error:  # noqa: BLE001 - the comparison is the point
        return type(error).__name__, str(error)


def _variants(source: str, rng: random.Random) -> list[str]:
    variants = [source]
    for _ in range(4):
        at = rng.randrange(len(source) + 1)
        variants.append(source[:at] + source[at + rng.randrange(1, 6):])
        variants.append(source[:at] + rng.choice(JUNK) + source[at:])
    return variants


def _cpython_accepts(source: str) -> bool:
    try:
        compile(source, "<variant>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


@pytest.mark.parametrize("path", SOURCES[::4], ids=lambda p: str(p.relative_to(ROOT)))
def test_same_tree_and_same_errors_as_libcst(path: Path) -> None:
    rng = random.Random(str(path.relative_to(ROOT)))
    for source in _variants(path.read_text(encoding="utf-8"), rng):
        expected = _outcome(cst.parse_module, source)
        got = _outcome(parsing.parse_module, source)
        if expected[0] == "ParserSyntaxError" and _cpython_accepts(source):
            # valid Python that libcst cannot parse is not a syntax error (issue 15, item 13)
            assert got[0] == "NotParsed", got
            continue
        if expected[0] == "CSTValidationError" and _cpython_accepts(source):
            # a node check that rejects valid Python (`return*x`: "at least one space after
            # 'return'"): the native parser's tree is the file as CPython reads it
            assert got[0] == "ok", got
            continue
        assert got[0] == expected[0]
        if expected[0] == "ok":
            assert got[1].deep_equals(expected[1])  # type: ignore[union-attr]
        else:
            assert got[1] == expected[1]


def test_nodes_are_validated_again_after_a_parse_and_after_a_failed_parse() -> None:
    parsing.parse_module("x = 1\n")
    with pytest.raises(cst.ParserSyntaxError):
        parsing.parse_module("def (:\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not an identifier")


def test_skips_validation_while_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    validated: list[str] = []
    original = cst.CSTNode.__post_init__

    def counting(self: cst.CSTNode) -> None:
        validated.append(type(self).__name__)
        original(self)

    monkeypatch.setattr(cst.CSTNode, "__post_init__", counting)
    cst.parse_module("x = 1\n")
    assert validated  # libcst validates every node it builds
    validated.clear()
    # a __post_init__ replaced by someone else is theirs: it is called, not switched off
    parsing.parse_module("x = 1\n")
    assert validated
    monkeypatch.undo()
    assert cst.CSTNode.__post_init__ is original
    monkeypatch.setattr(parsing, "_skip_validation", lambda self: validated.append("skipped"))
    validated.clear()
    parsing.parse_module("x = 1\n")
    assert validated and set(validated) == {"skipped"}
    assert cst.CSTNode.__post_init__ is original


def test_valid_python_a_node_check_rejects_is_parsed_as_cpython_reads_it() -> None:
    source = "def f(cls, children):\n    return* cls(*children)\n"
    with pytest.raises(cst.CSTValidationError):
        cst.parse_module(source)
    module = parsing.parse_module(source)
    assert module.code == source  # the tree gives the text back, for --fix
