"""Every rule's embedded VALID and INVALID examples run as tests (Fixit's pattern)."""

from __future__ import annotations

import textwrap

import pytest

from jaxpure.engine import check_source
from jaxpure.fixer import apply_fixes
from jaxpure.rules import all_rules
from jaxpure.rules.base import SECTION_TITLES
from jaxpure.settings import Settings

SETTINGS = Settings(select=("JXP",))


def _cases(kind: str):
    for rule in all_rules():
        examples = rule.VALID if kind == "valid" else rule.invalid_examples()
        for i, example in enumerate(examples):
            yield pytest.param(rule, example, id=f"{rule.code}-{kind}-{i}")


@pytest.mark.parametrize("rule, example", list(_cases("valid")))
def test_valid_example_is_not_reported(rule, example):
    result = check_source(textwrap.dedent(example), "example.py", SETTINGS)
    assert result.error is None
    assert [f for f in result.findings if f.code == rule.code] == []


@pytest.mark.parametrize("rule, example", list(_cases("invalid")))
def test_invalid_example_is_reported(rule, example):
    source = textwrap.dedent(example.code)
    result = check_source(source, "example.py", SETTINGS)
    assert result.error is None
    ours = [f for f in result.findings if f.code == rule.code]
    assert ours, f"{rule.code} not reported on:\n{source}"
    if example.expected_fix is not None:
        fixed, applied = apply_fixes(source, ours, unsafe=True)
        assert applied
        assert fixed == textwrap.dedent(example.expected_fix)


@pytest.mark.parametrize("rule", all_rules(), ids=lambda r: r.code)
def test_rule_is_documented(rule):
    sections = rule.sections()
    for title in SECTION_TITLES:
        assert sections.get(title), f"{rule.code} lacks a '{title}' section"
    assert rule.VALID and rule.INVALID, f"{rule.code} needs VALID and INVALID examples"
    assert rule.summary and rule.name


def test_codes_are_unique_and_flake8_compatible():
    import re

    codes = [rule.code for rule in all_rules()]
    assert len(codes) == len(set(codes))
    for code in codes:
        assert re.fullmatch(r"[A-Z]{1,3}[0-9]{0,3}", code)


def test_docs_rules_md_is_up_to_date():
    from pathlib import Path

    from jaxpure.rules.docs import render

    page = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
    assert page.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is stale: run `python -m jaxpure.rules.docs > docs/rules.md`"
    )
