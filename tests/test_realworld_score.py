"""The real-world benchmark's scorer, on a synthetic tree (the benchmark itself needs the
projects' snapshots and runs locally only: see benchmarks/realworld/README.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str):
    folder = ROOT / "benchmarks" / "realworld"
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location(f"realworld_{name}", folder / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(folder))


score = _load("score")
rebuild = _load("rebuild")


def _entry(eid: str, path: str, line: int, code: str, **extra) -> dict:
    return {"id": eid, "repository": "o/p", "fix_commit": "f" + eid, "parent_commit": "p",
            "path": path, "line": line, "expected_code": code, "category": "key-reuse",
            "traced_by": "jit decorator", **extra}


def _finding(filename: str, row: int, code: str, end_row: int | None = None) -> dict:
    return {"filename": filename, "code": code, "location": {"row": row, "column": 1},
            "end_location": {"row": end_row or row, "column": 9}}


def test_a_finding_counts_on_its_line_inside_its_span_and_on_the_paired_use(tmp_path: Path) -> None:
    grouped = score.findings_by_file(tmp_path, [
        _finding("./pkg/a.py", 10, "JXP301"),
        _finding(str(tmp_path / "pkg" / "b.py"), 4, "JXP104", end_row=7),
        _finding("pkg/c.py", 20, "JXP301"),
    ])
    assert score.match_entry(_entry("1", "pkg/a.py", 10, "JXP301"), grouped) == (True, True, ["JXP301"])
    assert score.match_entry(_entry("2", "pkg/b.py", 6, "JXP201"), grouped) == (True, False, ["JXP104"])
    assert score.match_entry(_entry("3", "pkg/a.py", 11, "JXP301"), grouped) == (False, False, [])
    paired = _entry("4", "pkg/c.py", 12, "JXP301", pair_line=20)
    assert score.match_entry(paired, grouped) == (True, True, ["JXP301"])


def test_summary_counts_lines_expected_codes_and_commits() -> None:
    entries = [_entry("1", "a.py", 1, "JXP301"), _entry("2", "a.py", 2, "JXP301"),
               _entry("3", "b.py", 3, "JXP202")]
    entries[1]["fix_commit"] = entries[0]["fix_commit"]
    results = {"1": (False, False, []), "2": (True, False, ["JXP302"]), "3": (False, False, [])}
    summary = score.summarise(entries, results)
    assert summary["overall"] == {"lines": 3, "reported_any": 1, "reported_expected": 0,
                                  "commits": 2, "commits_reported": 1}
    assert [m["id"] for m in summary["misses"]] == ["1", "2", "3"]
    assert "1/3 = 33%" in score.render(summary)


def test_a_whole_tree_run_reports_a_planted_key_reuse(tmp_path: Path) -> None:
    source = "import jax\n\n@jax.jit\ndef f(key):\n    a = jax.random.normal(key)\n    return a + jax.random.normal(key)\n"
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(source)
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text("import jax\nprint(jax.numpy.ones(2))\n")
    findings = score.run_jaxpure([sys.executable, "-m", "jaxpure"], tmp_path, timeout=120)
    entry = _entry("1", "pkg/m.py", 6, "JXP301", line_sha256=rebuild.line_digest(source.splitlines()[5]))
    assert rebuild.check_line(tmp_path, entry) is None
    assert score.match_entry(entry, score.findings_by_file(tmp_path, findings))[1]


def test_the_held_out_sets_share_no_project_with_each_other_and_have_their_fields() -> None:
    """heldout.json and heldout2.json are scored apart (score.py --bugs): the projects of each
    set were mined for no other set, and each entry has what the scorer reads."""
    folder = ROOT / "benchmarks" / "realworld"
    names = ("bugs.json", "heldout.json", "heldout2.json")
    sets = [rebuild.load_entries(folder / name) for name in names]
    projects = [{e["repository"] for e in entries} for entries in sets]
    for i, mine in enumerate(projects):
        assert all(mine.isdisjoint(other) for other in projects[i + 1:])
    needed = {"id", "repository", "fix_commit", "parent_commit", "path", "line",
              "line_sha256", "expected_code", "category", "traced_by", "description"}
    every = [entry for entries in sets for entry in entries]
    assert all(needed <= entry.keys() for entry in every)
    assert len({e["id"] for e in every}) == len(every)
