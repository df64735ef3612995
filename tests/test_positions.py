"""Positions computed for the reported statements only agree with a whole-module generation."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import libcst as cst
import pytest

from jaxpure.analysis.syntax import children
from jaxpure.positions import _statement_start_lines, module_positions, node_positions

ROOT = Path(__file__).resolve().parent.parent

TRICKY = {
    "header comments and blank lines": "# licence\n\n# more\n\nimport jax\n\n\n# lead\nx = 1\n",
    "semicolons": "import jax; import numpy as np\na = 1; b = 2; c = 3\ndef f(): return a\n",
    "decorators with comments between": (
        "import jax\n\n# before\n@jax.jit\n# between\n@other(\n    1,\n)\ndef f(x):\n"
        "    return x\n"),
    "no trailing newline": "import jax\n@jax.jit\ndef f(x):\n    return x + 1",
    "crlf": "import jax\r\n\r\n@jax.jit\r\ndef f(x):\r\n    if x > 0:\r\n        return x\r\n    return -x\r\n",
    "lone cr": "import jax\r@jax.jit\rdef f(x):\r    return x\r",
    "continuations": "x = [\n    1,\n    2,\n]\ny = 1 + \\\n    2\ns = '''\nmulti\n'''\nclass A:\n    pass\n",
    "form feed and tabs": "import jax\n\x0c\ndef f(x):\n\treturn x\n",
    "parenthesised decorator": "import jax\n@(\n    jax.jit\n)\ndef f(x):\n    return x\n",
    "async and with": "async def f():\n    async with a as b:\n        await b\nwith open('x') as h:\n    pass\n",
}


def all_nodes(statement: cst.CSTNode) -> list[cst.CSTNode]:
    found, stack = [], [statement]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(children(node))
    return found


def assert_agrees(source: str, picks: int = 3, seed: int = 0) -> None:
    module = cst.parse_module(source)
    if not module.body:
        return
    full = module_positions(module)
    rng = random.Random(seed)
    chosen = rng.sample(range(len(module.body)), min(picks, len(module.body)))
    wanted = [node for index in chosen for node in all_nodes(module.body[index])]
    partial = node_positions(module, source, wanted)
    for node in wanted:
        assert partial.get(node) == full.get(node), (type(node).__name__, partial.get(node), full.get(node))


@pytest.mark.parametrize("name", sorted(TRICKY))
def test_tricky_layouts(name: str) -> None:
    source = TRICKY[name]
    for seed in range(3):
        assert_agrees(source, picks=2, seed=seed)


@pytest.mark.parametrize("name", ["header comments and blank lines", "semicolons",
                                  "decorators with comments between", "crlf", "continuations"])
def test_start_lines_are_found_without_falling_back(name: str) -> None:
    source = TRICKY[name]
    assert _statement_start_lines(cst.parse_module(source), source) is not None


def test_syntax_this_python_cannot_parse_falls_back() -> None:
    source = "import jax\ntype Vector = list[float]\ndef f(x):\n    return x\n"
    module = cst.parse_module(source)
    if sys.version_info < (3, 12):
        assert _statement_start_lines(module, source) is None
    assert_agrees(source, picks=3)


def sources() -> list[Path]:
    files = sorted((ROOT / "jaxpure").rglob("*.py")) + sorted((ROOT / "fixtures").rglob("*.py"))
    files += sorted((ROOT / "examples").glob("*.py"))
    return files


@pytest.mark.parametrize("path", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_repository_files(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    try:
        cst.parse_module(source)
    except cst.ParserSyntaxError:
        pytest.skip("not valid Python (a syntax-error fixture)")
    assert_agrees(source)
