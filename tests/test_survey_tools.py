"""The survey's tools on synthetic inputs (the surveys themselves need the projects'
snapshots and run locally only: see benchmarks/surveys/README.md): extract.py writes the
commit a commits file names, not HEAD; survey.py counts what jaxpure's default test-file
profile keeps and lists the library findings not judged real."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"surveys_{name}", ROOT / "benchmarks" / "surveys" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    # a dataclass looks its module up in sys.modules while it is built
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


extract = _load("extract")
survey = _load("survey")


def _git(work: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(work), *args], check=True, capture_output=True, text=True).stdout.strip()


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_extract_writes_the_commit_named_not_head(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    _git(work, "init", "-q")
    _git(work, "config", "user.email", "t@example.com")
    _git(work, "config", "user.name", "t")
    (work / "a.py").write_text("x = 1\n")
    _git(work, "add", ".")
    _git(work, "commit", "-qm", "one")
    first = _git(work, "rev-parse", "HEAD")
    (work / "a.py").write_text("x = 2\n")
    (work / "b.py").write_text("y = 1\n")
    _git(work, "add", ".")
    _git(work, "commit", "-qm", "two")
    mirror = tmp_path / "mirror" / "o+p"
    mirror.mkdir(parents=True)
    shutil.copytree(work / ".git", mirror / "repo")
    commits = tmp_path / "commits.txt"
    commits.write_text(f"# set one\no/p {first[:10]}\n")
    out = tmp_path / "out"
    assert extract.main([str(tmp_path / "mirror"), str(out), "--commits", str(commits)]) == 0
    assert (out / "p" / "a.py").read_text() == "x = 1\n"
    assert not (out / "p" / "b.py").exists()
    assert (out / "commits.txt").read_text() == f"o/p {first}\n"
    commits.write_text("o/p " + "0" * 40 + "\n")
    assert extract.main([str(tmp_path / "mirror"), str(out), "--commits", str(commits)]) == 2


def _finding(path: str, row: int, code: str) -> dict:
    return {"filename": path, "code": code, "location": {"row": row, "column": 1}, "message": "m"}


def test_by_default_drops_the_test_profile_codes_in_test_files_only(tmp_path: Path) -> None:
    for path in ("pkg/core.py", "tests/test_core.py", "examples/run.py"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("x = 1\n")
    findings = [_finding("pkg/core.py", 1, "JXP301"), _finding("pkg/core.py", 1, "JXP105"),
                _finding("tests/test_core.py", 1, "JXP105"), _finding("tests/test_core.py", 1, "JXP301"),
                _finding("examples/run.py", 1, "JXP105")]
    judgements = {("o/p", "pkg/core.py", 1, "JXP105"): {"verdict": "false", "cause": "c"},
                  ("o/p", "examples/run.py", 1, "JXP105"): {"verdict": "false", "cause": "d"}}
    not_real: list[dict] = []
    tally = survey.tally_repo(tmp_path, "o/p", "c0", findings, judgements, not_real)
    # JXP105 is off in the test file, kept in the example; key reuse kept in both
    assert tally.default == {"unjudged": 1, "false": 1}
    assert [(e["path"], e["code"], e["verdict"], e["cause"]) for e in not_real] == [
        ("pkg/core.py", "JXP301", "unjudged", ""), ("pkg/core.py", "JXP105", "false", "c")]


def test_sets_are_read_from_the_set_lines(tmp_path: Path) -> None:
    commits = tmp_path / "all-commits.txt"
    commits.write_text("# header\n# set first 2\na/b 1\nc/d 2\n# set second 1\ne/f 3\n")
    assert survey.read_sets(commits) == [("first 2", ["a/b", "c/d"]), ("second 1", ["e/f"])]
