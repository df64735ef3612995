"""`jaxpure check` as a subprocess over the annotated fixtures: no missing, no extra.

The whole tree is checked in one run, as a user would check a project, so that fixtures
under ``fixtures/crossmodule/`` exercise analysis across modules; each file is then compared
with its own annotations.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from annotations import expected_columns, expected_findings, reported_columns, reported_findings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def fixture_files() -> list[Path]:
    return sorted(p for p in FIXTURES.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.fixture(scope="module")
def report_output() -> str:
    proc = subprocess.run(
        [sys.executable, "-m", "jaxpure", "check", "--no-cache", "fixtures"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def reported(report_output) -> set[tuple[str, int, str]]:
    return reported_findings(report_output, ROOT)


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: p.relative_to(FIXTURES).as_posix())
def test_fixture_findings_match_annotations(path: Path, reported) -> None:
    relative = path.relative_to(ROOT).as_posix()
    expected = expected_findings([path], ROOT)
    ours = {finding for finding in reported if finding[0] == relative}
    assert sorted(ours - expected) == [], "unexpected findings (false positives)"
    assert sorted(expected - ours) == [], "missing findings"


def test_annotated_columns_match(report_output) -> None:
    """``# JXP401:8``: the finding on that line starts at column 8."""
    wanted = expected_columns(fixture_files(), ROOT)
    assert wanted, "no fixture annotates a column"
    columns = reported_columns(report_output, ROOT)
    assert {key: cols - columns.get(key, set()) for key, cols in wanted.items()
            if cols - columns.get(key, set())} == {}


def test_an_annotated_column_is_parsed_and_kept_apart_from_the_code(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("if x > 0:  # JXP401:4\ny = f(k), g(k)  # JXP301:5, JXP301:11\n")
    assert expected_findings([sample], tmp_path) == {("sample.py", 1, "JXP401"),
                                                     ("sample.py", 2, "JXP301")}
    assert expected_columns([sample], tmp_path) == {("sample.py", 1, "JXP401"): {4},
                                                    ("sample.py", 2, "JXP301"): {5, 11}}


def test_crossmodule_helpers_are_only_traced_through_imports() -> None:
    """Checked one file at a time, the helpers have no findings: they come from the imports."""
    helper = FIXTURES / "crossmodule" / "proj" / "layers.py"
    proc = subprocess.run(
        [sys.executable, "-m", "jaxpure", "check", "--no-cache", str(helper.relative_to(ROOT))],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_partial_run_keeps_seeds_from_files_outside_it(tmp_path: Path) -> None:
    """pre-commit checks only changed files: a helper checked alone after a project run
    still knows that train.py's jitted step calls it."""
    env = {**os.environ, "JAXPURE_CACHE_DIR": str(tmp_path / "cache")}
    project = subprocess.run(
        [sys.executable, "-m", "jaxpure", "check", "fixtures/crossmodule"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=env,
    )
    helper = "fixtures/crossmodule/proj/layers.py"
    alone = subprocess.run(
        [sys.executable, "-m", "jaxpure", "check", helper],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=env,
    )
    expected = {f for f in reported_findings(project.stdout, ROOT) if f[0] == helper}
    assert expected, project.stdout + project.stderr
    assert reported_findings(alone.stdout, ROOT) == expected
