"""The test-file profile: JXP102/103/105/603 are off in test files by default (issue 13)."""

from __future__ import annotations

import json

import pytest
from cli_support import run_in_process, write

from jaxpure import flake8_plugin
from jaxpure.flake8_plugin import JaxPureChecker
from jaxpure.settings import DEFAULT_TEST_IGNORE, Settings

# A trace counter (JXP102), a traced list append (JXP103), a fixed seed in a jitted step
# (JXP105), a jit per test case (JXP603) and a key used again after a split (JXP301).
IDIOMS = """\
import jax

count = 0
traces = []


@jax.jit
def step(x):
    global count
    count += 1
    traces.append(1)
    key = jax.random.PRNGKey(0)
    return x + jax.random.normal(key, x.shape)


def test_cases(batches):
    for batch in batches:
        jax.jit(lambda x: x * batch)(1.0)


def test_reuse():
    key = jax.random.PRNGKey(1)
    k1, k2 = jax.random.split(key)
    a = jax.random.normal(key, (2,))
    return a, k1, k2
"""
PROFILED = {"JXP102", "JXP103", "JXP105", "JXP603"}


def codes_by_file(capsys, root, *args: str) -> dict[str, set[str]]:
    run = run_in_process(capsys, root, "check", "--output-format", "json", *args, ".")
    assert run.code in (0, 1), run.err
    found: dict[str, set[str]] = {}
    for finding in json.loads(run.out):
        found.setdefault(finding["filename"].replace("\\", "/"), set()).add(finding["code"])
    return found


def project(root, config: str = "", **files: str) -> None:
    write(root, {"pyproject.toml": "[tool.jaxpure]\n" + config, **files})


def test_test_files_are_quiet_on_idioms_and_library_files_are_not(tmp_path, capsys):
    project(tmp_path, **{"tests/test_idioms.py": IDIOMS, "lib/idioms.py": IDIOMS,
                         "lib/idioms_test.py": IDIOMS, "conftest.py": IDIOMS})
    found = codes_by_file(capsys, tmp_path, "--no-cache")
    assert found["lib/idioms.py"] >= PROFILED | {"JXP301"}
    for test_file in ("tests/test_idioms.py", "lib/idioms_test.py", "conftest.py"):
        assert found[test_file] == {"JXP301"}, test_file  # key reuse is still told


def test_an_empty_test_ignore_turns_the_profile_off(tmp_path, capsys):
    project(tmp_path, "test-ignore = []\n", **{"tests/test_idioms.py": IDIOMS})
    assert codes_by_file(capsys, tmp_path, "--no-cache")["tests/test_idioms.py"] >= PROFILED


def test_custom_test_files_replace_the_default_patterns(tmp_path, capsys):
    project(tmp_path, 'test-files = ["checks/*.py"]\n',
            **{"checks/idioms.py": IDIOMS, "tests/test_idioms.py": IDIOMS})
    found = codes_by_file(capsys, tmp_path, "--no-cache")
    assert found["checks/idioms.py"] == {"JXP301"}
    assert found["tests/test_idioms.py"] >= PROFILED


def test_custom_test_ignore_is_what_is_off(tmp_path, capsys):
    project(tmp_path, 'test-ignore = ["JXP301"]\n', **{"tests/test_idioms.py": IDIOMS})
    assert codes_by_file(capsys, tmp_path, "--no-cache")["tests/test_idioms.py"] == PROFILED


def test_select_on_the_command_line_does_not_re_enable_a_profiled_code(tmp_path, capsys):
    project(tmp_path, **{"tests/test_idioms.py": IDIOMS, "lib/idioms.py": IDIOMS})
    found = codes_by_file(capsys, tmp_path, "--no-cache", "--select", "JXP105")
    assert found == {"lib/idioms.py": {"JXP105"}}  # as ruff's per-file-ignores


def test_per_file_ignores_still_apply_in_test_files(tmp_path, capsys):
    project(tmp_path, '[tool.jaxpure.per-file-ignores]\n"tests/**" = ["JXP3"]\n',
            **{"tests/test_idioms.py": IDIOMS, "lib/idioms.py": IDIOMS})
    assert "tests/test_idioms.py" not in codes_by_file(capsys, tmp_path, "--no-cache")


def test_the_cache_does_not_serve_results_across_a_profile_change(tmp_path, capsys):
    project(tmp_path, **{"tests/test_idioms.py": IDIOMS})
    assert codes_by_file(capsys, tmp_path)["tests/test_idioms.py"] == {"JXP301"}
    project(tmp_path, "test-ignore = []\n")
    assert codes_by_file(capsys, tmp_path)["tests/test_idioms.py"] >= PROFILED
    project(tmp_path, 'test-files = ["nothing/*.py"]\n')
    assert codes_by_file(capsys, tmp_path)["tests/test_idioms.py"] >= PROFILED
    project(tmp_path)
    assert codes_by_file(capsys, tmp_path)["tests/test_idioms.py"] == {"JXP301"}


def test_the_fingerprint_includes_the_profile():
    default = Settings().fingerprint()
    assert Settings(test_ignore=()).fingerprint() != default
    assert Settings(test_files=("t/*.py",)).fingerprint() != default


@pytest.mark.parametrize("relpath, is_test", [
    ("test_x.py", True), ("pkg/test_x.py", True), ("pkg/x_test.py", True),
    ("conftest.py", True), ("pkg/sub/conftest.py", True), ("tests/x.py", True),
    ("test/x.py", True), ("pkg/tests/data/x.py", True), ("tests\\x.py", True),
    ("x.py", False), ("pkg/testing.py", False), ("testsuite/x.py", False),
    ("pkg/test_utils/x.py", False), ("examples/x.py", False), ("benchmarks/bench.py", False),
    # no project root to be relative to: the directories of an absolute path do not count
    ("/home/u/tests/proj/x.py", False), ("/home/u/tests/proj/test_x.py", True),
])
def test_what_a_test_file_is(relpath, is_test):
    assert Settings().is_test_file(relpath) is is_test


def test_the_project_root_decides_not_the_directories_above_it(tmp_path, capsys):
    root = tmp_path / "tests" / "proj"
    project(root, **{"lib/idioms.py": IDIOMS})
    assert codes_by_file(capsys, root, "--no-cache")["lib/idioms.py"] >= PROFILED


@pytest.mark.parametrize("config, fragment", [
    ('test-ignore = ["JXP999"]\n', "JXP999"),
    ('test-ignore = "JXP105"\n', "`test-ignore` must be a list of strings"),
    ("test-files = [1]\n", "`test-files` must be a list of strings"),
])
def test_bad_profile_values_are_one_line_errors(tmp_path, capsys, config, fragment):
    project(tmp_path, config, **{"m.py": "import jax\n"})
    run = run_in_process(capsys, tmp_path, "check", ".")
    assert run.code == 2 and fragment in run.err and len(run.err.strip().splitlines()) == 1


def test_show_settings_shows_the_profile(tmp_path, capsys):
    project(tmp_path, 'test-files = ["checks/*.py"]\n')
    run = run_in_process(capsys, tmp_path, "check", "--show-settings", ".")
    assert "test-files: ['checks/*.py']" in run.out
    assert f"test-ignore: [{', '.join(repr(c) for c in DEFAULT_TEST_IGNORE)}]" in run.out


@pytest.fixture
def fresh_plugin():
    JaxPureChecker.config_path = None
    flake8_plugin.settings_for_directory.cache_clear()
    yield
    JaxPureChecker.config_path = None
    flake8_plugin.settings_for_directory.cache_clear()


def plugin_codes(path) -> set[str]:
    lines = IDIOMS.splitlines(keepends=True)
    found = JaxPureChecker(tree=None, lines=lines, filename=str(path)).run()
    return {message.split()[0] for _, _, message, _ in found}


def test_the_flake8_plugin_follows_the_profile(tmp_path, fresh_plugin):
    project(tmp_path)
    assert plugin_codes(tmp_path / "tests" / "test_idioms.py") == {"JXP301"}
    assert plugin_codes(tmp_path / "lib" / "idioms.py") >= PROFILED
    other = tmp_path / "other"
    project(other, "test-ignore = []\n")
    assert plugin_codes(other / "tests" / "test_idioms.py") >= PROFILED
