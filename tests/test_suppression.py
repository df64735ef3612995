"""Suppression comments (jaxpure.suppression), as the engine and the flake8 plugin apply them."""

from __future__ import annotations

import pytest

from jaxpure.engine import check_source
from jaxpure.settings import Settings
from jaxpure.suppression import Suppressions, file_exemption, line_suppresses

# characters str.splitlines breaks lines at but Python's tokenizer does not
NOT_LINE_BREAKS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]

BODY = "def f(x):\n    x.at[0].set(1.0){here}\n    return x{after}\n"


def codes(source: str, settings: Settings | None = None) -> list[tuple[str, int]]:
    result = check_source(source, "m.py", settings or Settings())
    assert result.error is None, result.error
    return [(f.code, f.location.row) for f in result.findings]


@pytest.mark.parametrize("char", NOT_LINE_BREAKS, ids=repr)
@pytest.mark.parametrize("comment", ["# noqa: JXP202", "# jaxpure: ignore[JXP202]", "# noqa"])
def test_noqa_after_a_character_that_is_not_a_line_break(char, comment):
    head = f"import jax\n# a comment{char}with an odd character\n"
    assert codes(head + BODY.format(here="", after="")) == [("JXP202", 4)]
    assert codes(head + BODY.format(here="  " + comment, after="")) == []
    # a comment on the next line does not cover the finding
    assert codes(head + BODY.format(here="", after="  " + comment)) == [("JXP202", 4)]


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"], ids=repr)
def test_noqa_with_each_real_line_break(newline):
    source = ("import jax\n" + BODY.format(here="  # noqa: JXP202", after="")).replace("\n", newline)
    assert codes(source) == []
    loud = ("import jax\n" + BODY.format(here="", after="  # noqa")).replace("\n", newline)
    assert codes(loud) == [("JXP202", 3)]


FILE_DIRECTIVE_CASES = [
    ("# jaxpure: noqa\n", []),
    ("#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\n# jaxpure: noqa: JXP202\n", []),
    ("# jaxpure: noqa: JXP2 -- updates are discarded on purpose here\n", []),
    ("# JAXPURE: NOQA: jxp202\n", []),
    ("# jaxpure: noqa: JXP301\n", [("JXP202", None)]),  # another code
    ("# jaxpure: noqa: JXP301, JXP202\n", []),
    ("import os\n# jaxpure: noqa\n", [("JXP202", None)]),  # after code: not the header
    ('"""Docstring."""\n# jaxpure: noqa\n', [("JXP202", None)]),
    ("# noqa\n", [("JXP202", None)]),  # a line-level comment, on another line
    ("# jaxpure: noqa-ish\n", [("JXP202", None)]),
]


@pytest.mark.parametrize(("header", "expected"), FILE_DIRECTIVE_CASES)
def test_file_level_jaxpure_noqa(header, expected):
    source = header + "import jax\n" + BODY.format(here="", after="")
    found = [code for code, _ in codes(source)]
    assert found == [code for code, _ in expected]


def test_file_level_noqa_is_off_with_respect_noqa_false():
    source = "# jaxpure: noqa\nimport jax\n" + BODY.format(here="", after="")
    assert [c for c, _ in codes(source, Settings(respect_noqa=False))] == ["JXP202"]


def test_matcher_directly():
    assert line_suppresses("x = 1  # noqa: JXP3", "JXP301")
    assert not line_suppresses("x = 1  # noqa: JXP3", "JXP202")
    assert not line_suppresses("x = 1  # noqa", "JXP202", noqa=False)
    assert line_suppresses("x = 1  # jaxpure: ignore", "JXP202", noqa=False)
    assert file_exemption(["", "# jaxpure: noqa: JXP301,JXP4"]) == ("JXP301", "JXP4")
    assert file_exemption(["x = 1", "# jaxpure: noqa"]) is None
    lines = Suppressions.of("a = 1\rb = 2  # noqa\r\nc = 3\x0c# noqa\n")
    assert lines.lines == ["a = 1", "b = 2  # noqa", "c = 3\x0c# noqa", ""]
    assert [lines.suppresses("JXP202", row) for row in (1, 2, 3, 4, 5)] == [
        False, True, True, False, False]


# -- the flake8 plugin applies jaxpure's own comments with the same matcher -----------------

def plugin_rows(source: str, tmp_path) -> list[int]:
    from jaxpure.flake8_plugin import JaxPureChecker

    lines = [line for line in source.split("\n")]
    lines = [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    checker = JaxPureChecker(tree=None, lines=lines, filename=str(tmp_path / "m.py"))
    return [row for row, *_ in checker.run()]


def test_flake8_plugin_honours_the_file_level_comment(tmp_path):
    body = "import jax\n" + BODY.format(here="", after="")
    assert plugin_rows(body, tmp_path) == [3]
    assert plugin_rows("# jaxpure: noqa: JXP2\n" + body, tmp_path) == []
    assert plugin_rows("# jaxpure: noqa: JXP301\n" + body, tmp_path) == [4]


@pytest.mark.parametrize("char", NOT_LINE_BREAKS, ids=repr)
def test_flake8_plugin_matches_jaxpure_ignore_on_the_right_line(char, tmp_path):
    head = f"import jax\n# a comment{char}with an odd character\n"
    assert plugin_rows(head + BODY.format(here="  # jaxpure: ignore", after=""), tmp_path) == []
    assert plugin_rows(head + BODY.format(here="", after="  # jaxpure: ignore"), tmp_path) == [4]
