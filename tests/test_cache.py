"""The result cache: hits skip the engine, changes re-check, bad entries are never trusted."""

from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest
from cli_support import CLEAN, DISCARDED, run_in_process, write

from jaxpure import engine
from jaxpure.cache import CACHEDIR_TAG, SCHEMA, ResultCache, decode_entry, encode_entry, entry_key
from jaxpure.findings import Edit, FileResult, Finding, Fix, Location


@pytest.fixture
def counted(monkeypatch):
    """The files the engine analysed, in this process."""
    calls: list[str] = []
    real = engine.analyze_source

    def counting(source, filename, *args, **kwargs):
        calls.append(filename)
        return real(source, filename, *args, **kwargs)

    monkeypatch.setattr(engine, "analyze_source", counting)
    return calls


@pytest.fixture
def project(tmp_path):
    write(tmp_path, {"bad.py": DISCARDED, "good.py": CLEAN, "pkg/__init__.py": "import jax\n",
                     "pkg/mod.py": DISCARDED})
    return tmp_path


def check(capsys, root: Path, *args: str):
    return run_in_process(capsys, root, "check", "--jobs", "1", *args)


def test_second_run_is_served_from_the_cache(project, capsys, counted):
    first = check(capsys, project)
    assert sorted(counted) == ["bad.py", "good.py", "pkg/__init__.py", "pkg/mod.py"]
    counted.clear()
    second = check(capsys, project)
    assert counted == []
    assert (second.code, second.out, second.err) == (first.code, first.out, first.err)


def test_changing_one_file_rechecks_only_that_file(project, capsys, counted):
    check(capsys, project)
    counted.clear()
    (project / "good.py").write_text(CLEAN + "\n# edited\n")
    check(capsys, project)
    assert counted == ["good.py"]


def test_settings_change_invalidates(project, capsys, counted):
    check(capsys, project)
    counted.clear()
    assert check(capsys, project, "--ignore", "JXP202").code == 0
    assert len(counted) == 4


def test_no_cache_bypasses_reads_and_writes(project, capsys, counted):
    check(capsys, project, "--no-cache")
    assert not (project / ".jaxpure_cache").exists()
    check(capsys, project)
    counted.clear()
    check(capsys, project, "--no-cache")
    assert len(counted) == 4


def test_cache_directory_layout_and_cache_dir_option(project, capsys):
    check(capsys, project, "--cache-dir", "elsewhere")
    cache = project / "elsewhere"
    assert (cache / "CACHEDIR.TAG").read_text() == CACHEDIR_TAG
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    assert len(list(cache.glob(f"v{SCHEMA}/*/*.json"))) == 4
    assert not (project / ".jaxpure_cache").exists()


def test_cache_lives_in_the_config_root(project, capsys):
    write(project, {"pyproject.toml": "[tool.jaxpure]\n"})
    check(capsys, project / "pkg", ".")
    assert (project / ".jaxpure_cache").is_dir() and not (project / "pkg" / ".jaxpure_cache").exists()


def test_a_fixable_cached_finding_is_still_fixed(project, capsys, counted):
    check(capsys, project)
    run = check(capsys, project, "--fix")
    assert "x = x.at[0].set(1.0)" in (project / "bad.py").read_text()
    assert run.code == 0
    counted.clear()
    assert check(capsys, project).code == 0 and counted == []  # the fixed content was cached


@pytest.mark.parametrize("damage", [
    lambda text: "",
    lambda text: text[: len(text) // 2],
    lambda text: "not json at all {",
    lambda text: json.dumps({"schema": SCHEMA, "key": "someone else's", "findings": []}),
    lambda text: text.replace('"JXP202"', "202"),
    lambda text: text.replace('"findings":[', '"findings":[["JXP9","n","m",1,1,1,1,"bad fix"],'),
    lambda text: json.dumps([1, 2, 3]),
])
def test_corrupt_entries_are_ignored_and_rewritten(project, capsys, counted, damage):
    first = check(capsys, project, "bad.py")
    entries = list((project / ".jaxpure_cache").glob(f"v{SCHEMA}/*/*.json"))
    assert len(entries) == 1
    entries[0].write_text(damage(entries[0].read_text()))
    counted.clear()
    again = check(capsys, project, "bad.py")
    assert counted == ["bad.py"]
    assert (again.out, again.code) == (first.out, first.code)
    counted.clear()
    check(capsys, project, "bad.py")
    assert counted == []  # rewritten


def test_unwritable_cache_warns_once_and_still_checks(project, capsys):
    (project / "blocker").write_text("a file where the cache directory should be")
    run = check(capsys, project, "--cache-dir", "blocker/cache")
    assert run.code == 1 and "bad.py:4:5" in run.out
    assert run.err.count("warning: cannot write to cache directory") == 1


def test_round_trip_with_fix():
    finding = Finding("a.py", "JXP202", "discarded-at-update", "msg ✓", Location(4, 5), Location(4, 21),
                      Fix("Assign", "safe", (Edit("x = x", Location(4, 5), Location(4, 21)),)))
    result = FileResult("a.py", (finding,))
    key = "k" * 64
    encoded = json.loads(json.dumps(encode_entry(key, result)))
    assert decode_entry(encoded, key, "a.py") == result
    assert decode_entry(encoded, key, "b.py").findings[0].filename == "b.py"
    assert decode_entry(encoded, "other", "a.py") is None


def test_key_depends_on_content_settings_path_and_package():
    base = entry_key("c" * 64, "f", "a.py", None)
    assert len({base, entry_key("d" * 64, "f", "a.py", None), entry_key("c" * 64, "g", "a.py", None),
                entry_key("c" * 64, "f", "b.py", None), entry_key("c" * 64, "f", "a.py", "pkg")}) == 5


def _hammer(directory: str, worker: int) -> int:
    cache = ResultCache(Path(directory))
    finding = Finding("a.py", "JXP202", "n", f"from {worker}", Location(1, 1), Location(1, 2))
    for round_ in range(200):
        key = f"{round_ % 7:064x}"
        cache.put(key, FileResult("a.py", (finding,)))
        got = cache.get(key, "a.py")
        assert got is None or got.findings[0].code == "JXP202"
    return 0 if cache.write_failed is None else 1


def test_concurrent_writers_do_not_crash_or_corrupt(tmp_path):
    context = multiprocessing.get_context("spawn")
    with context.Pool(4) as pool:
        assert pool.starmap(_hammer, [(str(tmp_path / "cache"), i) for i in range(4)]) == [0] * 4
    cache = ResultCache(tmp_path / "cache")
    for round_ in range(7):
        assert cache.get(f"{round_:064x}", "a.py") is not None
    assert not [p for p in (tmp_path / "cache").rglob("*.tmp")]


def test_a_file_without_jax_is_answered_without_the_engine(tmp_path, capsys, counted):
    write(tmp_path, {"plain.py": "def f(x):\n    return x + 1\n", "bad.py": DISCARDED})
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", "--jobs", "1", "plain.py", "bad.py")
    assert run.code == 1
    assert [Path(name).name for name in counted] == ["bad.py"]
