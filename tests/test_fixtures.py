"""`jaxpure check` as a subprocess over the annotated fixtures: no missing, no extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from annotations import expected_findings, reported_findings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def fixture_files() -> list[Path]:
    return sorted(p for p in FIXTURES.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.relative_to(FIXTURES).as_posix())
def test_fixture_findings_match_annotations(path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "jaxpure", "check", "--no-cache",
         str(path.relative_to(ROOT))],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr
    expected = expected_findings([path], ROOT)
    reported = reported_findings(proc.stdout, ROOT)
    assert sorted(reported - expected) == [], "unexpected findings (false positives)"
    assert sorted(expected - reported) == [], "missing findings"
