"""Cache entries and seeds.json of any shape: validated fully, replaced when bad, never a crash
(RecursionError on deep nesting) and never served as a hit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import DISCARDED, run_in_process, write

from jaxpure import cache as cache_module
from jaxpure.cache import SCHEMA, ResultCache

DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000

LAYERS = "import jax.numpy as jnp\n\n\ndef dense(x):\n    if x.sum() > 0:\n        x = -x\n    return x\n"
TRAIN = "import jax\n\nfrom proj.layers import dense\n\n\n@jax.jit\ndef step(x):\n    return dense(x)\n"


@pytest.fixture
def project(tmp_path):
    # layers.dense is traced only through train.py: its JXP401 needs train.py's summary
    write(tmp_path, {"proj/__init__.py": "", "proj/layers.py": LAYERS, "proj/train.py": TRAIN,
                     "other.py": DISCARDED})
    return tmp_path


def check(capsys, root: Path):
    run = run_in_process(capsys, root, "check", "--jobs", "1")
    assert "Traceback" not in run.err
    return run


def entries(root: Path) -> list[Path]:
    return sorted((root / ".jaxpure_cache" / f"v{SCHEMA}").glob("*/*.json"))


def entry_of(root: Path, name: str) -> Path:
    """The cache entry of the file whose summary names module ``name``."""
    for path in entries(root):
        data = json.loads(path.read_text())
        if data.get("summary") and data["summary"][0] == name:
            return path
    raise AssertionError(f"no entry for {name}")


def test_first_run_finds_the_finding_across_modules(project, capsys):
    run = check(capsys, project)
    assert "proj/layers.py:5:8: JXP401" in run.out and "other.py:4:5: JXP202" in run.out


@pytest.mark.parametrize("damage", [DEEP, DEEP_OBJECT], ids=["list", "object"])
def test_deeply_nested_entries_are_misses_and_replaced(project, capsys, damage):
    first = check(capsys, project)
    for path in entries(project):
        path.write_text(damage)
    second = check(capsys, project)
    assert (second.code, second.out) == (first.code, first.out)
    for path in entries(project):
        assert json.loads(path.read_text())["schema"] == SCHEMA  # rewritten


@pytest.mark.parametrize("summary", [
    {"a": 1}, "abcd", [1, 2, 3, 4], DEEP, None,
    ["proj.train", ["step"], [["proj.layers.dense", "step", 7, 5, None, None, [1], [], False]], []],
    ["proj.train", ["step"], [["proj.layers.dense", "step", "7", "jax.jit", None, None, [1], [], False]], []],
    ["proj.train", ["step"], [["proj.layers.dense", "step", 7, "jax.jit", None, None, [1], [], 0]], []],
    ["proj.train", "step", [], []],
], ids=["dict", "string", "ints", "deep", "nested", "via-int", "line-string", "stateful-int",
        "functions-string"])
def test_a_wrongly_typed_summary_is_never_a_hit(project, capsys, summary):
    first = check(capsys, project)
    path = entry_of(project, "proj.train")
    data = json.loads(path.read_text())
    if summary == DEEP:
        path.write_text(path.read_text().replace(json.dumps(data["summary"], separators=(",", ":")),
                                                 DEEP))
    elif summary is None:
        data["summary"] = {"x": [[[]]]}
        path.write_text(json.dumps(data))
    else:
        data["summary"] = summary
        path.write_text(json.dumps(data))
    second = check(capsys, project)
    assert (second.code, second.out) == (first.code, first.out)
    assert "proj/layers.py:5:8: JXP401" in second.out
    assert json.loads(path.read_text())["summary"][0] == "proj.train"  # rewritten


def _positions(value, at=()):
    """Every position in a JSON value, as index paths."""
    yield at
    if isinstance(value, list):
        for index, item in enumerate(value):
            yield from _positions(item, (*at, index))


def _replaced(value, at, new):
    if not at:
        return new
    copy = list(value)
    copy[at[0]] = _replaced(value[at[0]], at[1:], new)
    return copy


def test_a_wrong_type_anywhere_in_a_summary_or_seed_is_refused(project, capsys):
    check(capsys, project)
    summary = json.loads(entry_of(project, "proj.train").read_text())["summary"]
    seeds = json.loads((project / ".jaxpure_cache" / f"v{SCHEMA}" / "seeds.json").read_text())
    # the trace of `dense`, the layouts of its call's arguments (flow/layouts.py) and the
    # question which of its parameters it uses as shapes (its call hands it `step`'s own)
    assert len(seeds["proj/layers.py"]) == 3
    assert cache_module._decode_summary(summary) is not None
    assert cache_module._decode_seeds(seeds) is not None
    for at in _positions(summary):
        for wrong in ({"x": 1}, 1.5):
            assert cache_module._decode_summary(_replaced(summary, at, wrong)) is None, at
    for seed in seeds["proj/layers.py"]:
        for at in _positions(seed):
            for wrong in ({"x": 1}, 1.5):
                damaged = {"proj/layers.py": [_replaced(seed, at, wrong)]}
                assert cache_module._decode_seeds(damaged) is None, at


@pytest.mark.parametrize("damage", [DEEP, DEEP_OBJECT, '{"proj/layers.py": [[1, 2]]}',
                                    '{"proj/layers.py": [["dense", "jax.jit", null, null, "o", [1], [], "yes", "x"]]}',
                                    "[]", "\xff"],
                         ids=["deep-list", "deep-object", "short-seed", "stateful-string", "list",
                              "not-utf8"])
def test_bad_seeds_json_is_ignored_and_replaced(project, capsys, damage):
    first = check(capsys, project)
    seeds_path = project / ".jaxpure_cache" / f"v{SCHEMA}" / "seeds.json"
    good = seeds_path.read_text()
    seeds_path.write_text(damage, encoding="utf-8" if damage != "\xff" else "latin-1")
    assert ResultCache(project / ".jaxpure_cache").load_seeds() == {}
    second = check(capsys, project)
    assert (second.code, second.out) == (first.code, first.out)
    assert json.loads(seeds_path.read_text()) == json.loads(good)  # replaced
