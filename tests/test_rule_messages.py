"""Each rule's message text, pinned: the findings of every INVALID example, rendered as
``<rule> example <n>: <row>:<col> <code> <message>`` (then ``    detail: <detail>`` when the
finding has one), against tests/data/rule_messages.txt; and the concise message is short.

A deliberate change of wording is made by regenerating the file and reviewing its diff:
    JAXPURE_UPDATE_SNAPSHOTS=1 python -m pytest tests/test_rule_messages.py
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from jaxpure.engine import check_source
from jaxpure.rules import all_rules
from jaxpure.settings import Settings

SNAPSHOT = Path(__file__).resolve().parent / "data" / "rule_messages.txt"
SETTINGS = Settings(select=("JXP",))


def rendered() -> str:
    lines: list[str] = []
    for rule in all_rules():
        for i, example in enumerate(rule.invalid_examples()):
            result = check_source(textwrap.dedent(example.code), "example.py", SETTINGS)
            for f in result.findings:
                if f.code == rule.code:
                    lines.append(f"{rule.code} example {i}: {f.location.row}:{f.location.column}"
                                 f" {f.code} {f.message}")
                    if f.detail:
                        lines.append(f"    detail: {f.detail}")
    return "\n".join(lines) + "\n"


def test_every_rule_message_matches_the_snapshot():
    text = rendered()
    if os.environ.get("JAXPURE_UPDATE_SNAPSHOTS"):
        SNAPSHOT.write_text(text, encoding="utf-8")
    assert text == SNAPSHOT.read_text(encoding="utf-8")


def test_the_snapshot_covers_every_rule_with_invalid_examples():
    codes = {line.split(" ", 1)[0] for line in SNAPSHOT.read_text(encoding="utf-8").splitlines()
             if not line.startswith(" ")}
    assert codes == {rule.code for rule in all_rules() if rule.INVALID}


def test_concise_messages_are_short():
    """The concise line says what happens and the fix in a few words (about 120 characters);
    the explanation is the detail's."""
    lengths = sorted(len(line.split(" ", 5)[5]) for line in rendered().splitlines()
                     if not line.startswith(" "))
    assert lengths[len(lengths) // 2] <= 120
    assert lengths[-1] <= 200
