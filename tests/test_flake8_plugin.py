"""The flake8 plugin reports exactly what ``jaxpure check`` reports.

Unit tests drive :class:`JaxPureChecker` directly; the contract tests run ``flake8`` and
``python -m jaxpure check`` as subprocesses over every fixture and example file and compare
(path, code, line, column). flake8 runs with ``--isolated`` so no flake8 configuration on the
machine changes what it selects.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jaxpure import __version__, flake8_plugin
from jaxpure.findings import FileResult
from jaxpure.flake8_plugin import JaxPureChecker

ROOT = Path(__file__).resolve().parent.parent
PLUGIN_CASES = Path(__file__).resolve().parent / "data" / "plugin_cases"
# every directory of Python files that both tools must agree on
CORPORA = {
    "fixtures": ROOT / "fixtures",
    "examples": ROOT / "examples",
    "plugin_cases": PLUGIN_CASES,
}
CONCISE = re.compile(r"^(?P<path>.+?):(?P<row>\d+):(?P<col>\d+): (?P<code>[A-Z]+\d+) ")

BAD = "import jax\ndef f(x):\n    x.at[0].set(1.0)\n    return x\n"

Key = tuple[str, str, int, int]


@pytest.fixture(autouse=True)
def fresh_plugin_state():
    """Options and the per-directory configuration cache are process-wide."""
    JaxPureChecker.config_path = None
    flake8_plugin.settings_for_directory.cache_clear()
    flake8_plugin.settings_from_file.cache_clear()
    yield
    JaxPureChecker.config_path = None
    flake8_plugin.settings_for_directory.cache_clear()
    flake8_plugin.settings_from_file.cache_clear()


def run_plugin(source: str, filename: str) -> list[tuple[int, int, str, type]]:
    lines = source.splitlines(keepends=True)
    return list(JaxPureChecker(tree=None, lines=lines, filename=filename).run())


# -- the checker object -------------------------------------------------------------------

def test_plugin_identity():
    assert JaxPureChecker.name == "jaxpure"
    assert JaxPureChecker.version == __version__


def test_yields_flake8_tuples_with_zero_based_offsets(tmp_path):
    (row, offset, text, kind), = run_plugin(BAD, str(tmp_path / "m.py"))
    assert (row, offset, kind) == (3, 4, JaxPureChecker)
    assert text.startswith("JXP202 Result of `x.at[...].set(...)` is discarded")


def test_syntax_errors_are_left_to_flake8(tmp_path):
    # flake8 reports E999 before running plugins; the plugin never reports JXP001
    assert run_plugin("import jax\ndef f(x) return x\n", str(tmp_path / "m.py")) == []


def test_noqa_is_left_to_flake8_but_jaxpure_ignore_is_applied(tmp_path):
    source = textwrap.dedent("""\
        import jax
        def f(x):
            x.at[0].set(1.0)  # noqa: JXP202
            x.at[1].set(1.0)  # jaxpure: ignore[JXP202]
            x.at[2].set(1.0)  # jaxpure: ignore[JXP3]
            x.at[3].set(1.0)  # jaxpure: ignore
            return x
        """)
    rows = [row for row, *_ in run_plugin(source, str(tmp_path / "m.py"))]
    assert rows == [3, 5]


def test_a_file_that_cannot_be_checked_is_one_finding_and_flake8_goes_on(tmp_path, monkeypatch):
    # (issue 15, item 7) it used to raise PluginExecutionFailed, aborting the flake8 run
    from jaxpure import engine

    def cannot_check(source, filename, settings=None, **_):
        return FileResult(filename, error="file is too deeply nested to analyse")

    monkeypatch.setattr(engine, "check_source", cannot_check)
    [(row, column, message, _)] = run_plugin(BAD, str(tmp_path / "m.py"))
    assert (row, column) == (1, 0)
    assert message == "JXP000 not checked by jaxpure: file is too deeply nested to analyse"


def test_an_unexpected_exception_is_one_finding(tmp_path, monkeypatch):
    from jaxpure import engine

    def crash(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr(engine, "check_source", crash)
    [(row, _, message, _)] = run_plugin(BAD, str(tmp_path / "m.py"))
    assert row == 1 and message.startswith("JXP000 not checked by jaxpure: internal error (KeyError")


def test_importing_the_plugin_is_light():
    code = (
        "import sys, jaxpure.flake8_plugin\n"
        "heavy = [m for m in ('jaxpure.engine', 'jaxpure.rules', 'flake8', 'jax') if m in sys.modules]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


# -- configuration ------------------------------------------------------------------------

# No JAX import: the file is only analysed when a configured transform names its library.
VIA_TRANSFORM = "import mylib\ndef f(x):\n    x.at[0].set(1.0)\n    return x\n"
TRANSFORMS = '[tool.jaxpure]\ntransforms = { "mylib.jit" = "jax.jit" }\n'


def test_reads_transforms_from_the_nearest_pyproject(tmp_path):
    (tmp_path / "pyproject.toml").write_text(TRANSFORMS, encoding="utf-8")
    nested = tmp_path / "src" / "pkg"
    nested.mkdir(parents=True)
    # a pyproject.toml without [tool.jaxpure] is skipped, as by `jaxpure check`
    (tmp_path / "src" / "pyproject.toml").write_text("[project]\nname='x'\n", encoding="utf-8")
    assert [row for row, *_ in run_plugin(VIA_TRANSFORM, str(nested / "m.py"))] == [3]
    assert run_plugin(VIA_TRANSFORM, str(tmp_path.parent / "elsewhere.py")) == []


def test_configuration_is_read_once_per_directory(tmp_path):
    (tmp_path / "pyproject.toml").write_text(TRANSFORMS, encoding="utf-8")
    for name in ("a.py", "b.py", "c.py"):
        run_plugin(VIA_TRANSFORM, str(tmp_path / name))
    info = flake8_plugin.settings_for_directory.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_jaxpure_config_option_overrides_discovery(tmp_path):
    config = tmp_path / "ci" / "jaxpure.toml"
    config.parent.mkdir()
    config.write_text('transforms = { "mylib.jit" = "jax.jit" }\n', encoding="utf-8")
    JaxPureChecker.parse_options(_Options(jaxpure_config=str(config)))
    assert JaxPureChecker.config_path == str(config)
    assert [row for row, *_ in run_plugin(VIA_TRANSFORM, str(tmp_path / "m.py"))] == [3]


def test_a_broken_configuration_fails_the_plugin_cleanly(tmp_path):
    from flake8.exceptions import PluginExecutionFailed

    (tmp_path / "pyproject.toml").write_text("[tool.jaxpure]\ntransforms = [1\n", encoding="utf-8")
    with pytest.raises(PluginExecutionFailed, match="invalid TOML"):
        run_plugin(BAD, str(tmp_path / "m.py"))


def test_flake8_ignores_select_and_noqa_settings_of_the_jaxpure_config(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.jaxpure]\nignore = ["JXP202"]\nrespect-noqa = true\n', encoding="utf-8")
    settings = flake8_plugin.settings_for_directory(str(tmp_path))
    assert settings.select == ("JXP",) and settings.ignore == () and not settings.respect_noqa


class _Options:
    def __init__(self, **values):
        self.__dict__.update(values)


# -- flake8 and jaxpure check as subprocesses ---------------------------------------------

def flake8(*args: str, cwd: Path = ROOT, stdin: str | None = None,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "flake8", "--isolated", *args],
                          capture_output=True, text=True, cwd=cwd, input=stdin,
                          env={**os.environ, **(env or {})})


def jaxpure_check(*args: str, cwd: Path = ROOT,
                  env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jaxpure", "check", *args],
                          capture_output=True, text=True, cwd=cwd,
                          env={**os.environ, **(env or {})})


def parse(output: str) -> set[Key]:
    found = set()
    for line in output.splitlines():
        match = CONCISE.match(line)
        if match:
            found.add((Path(match["path"]).as_posix(), match["code"], int(match["row"]), int(match["col"])))
    return found


def corpus_files(directory: Path) -> list[str]:
    return sorted(p.relative_to(ROOT).as_posix() for p in directory.rglob("*.py")) if directory.is_dir() else []


@pytest.mark.parametrize("corpus", sorted(CORPORA))
def test_flake8_reports_exactly_what_jaxpure_check_reports(corpus, tmp_path):
    files = corpus_files(CORPORA[corpus])
    if not files:
        pytest.skip(f"no Python files under {corpus}/")
    # the plugin sees one file at a time: findings in helpers traced through imports come
    # from the seeds the project run leaves in the cache, so both share one cache
    env = {"JAXPURE_CACHE_DIR": str(tmp_path / "cache")}
    checked = jaxpure_check(*files, env=env)
    assert checked.returncode in (0, 1), checked.stderr
    linted = flake8("--select", "JXP,E999", *files, env=env)
    assert linted.returncode in (0, 1), linted.stdout + linted.stderr
    ours, theirs = parse(checked.stdout), parse(linted.stdout)
    # flake8 reports a file that does not parse as E999 itself, before any plugin runs
    syntax_errors = {key for key in ours if key[1] == "JXP001"}
    assert {path for path, *_ in syntax_errors} <= {path for path, code, *_ in theirs if code == "E999"}
    expected = ours - syntax_errors
    reported = {key for key in theirs if key[1].startswith("JXP")}
    assert reported == expected, (
        f"only jaxpure check: {sorted(expected - reported)}\nonly flake8: {sorted(reported - expected)}"
    )


def test_the_plugin_cases_cover_what_they_claim():
    files = corpus_files(PLUGIN_CASES)
    found = parse(flake8("--select", "JXP", *files).stdout)
    by_file: dict[str, list[tuple[int, int]]] = {}
    for path, _, row, col in found:
        by_file.setdefault(Path(path).name, []).append((row, col))
    assert sorted(by_file["discarded_update.py"]) == [(7, 5), (13, 9), (17, 13), (25, 5), (30, 5)]
    assert by_file["suppressed.py"] == [(10, 5)]  # `# noqa: E501` does not cover JXP202
    assert sorted(by_file["unicode_columns.py"]) == [(5, 5), (6, 5)]
    assert by_file["tab_indented.py"] == [(4, 2)]
    assert by_file["crlf_line_endings.py"] == [(4, 5)]
    assert not {"clean.py", "not_jax.py", "syntax_error.py"} & set(by_file)


def test_noqa_is_honoured_and_disable_noqa_shows_the_finding_again(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(BAD.replace("set(1.0)", "set(1.0)  # noqa: JXP202"), encoding="utf-8")
    quiet = flake8("--select", "JXP", "m.py", cwd=tmp_path)
    assert (quiet.returncode, quiet.stdout) == (0, "")
    loud = flake8("--select", "JXP", "--disable-noqa", "m.py", cwd=tmp_path)
    assert loud.returncode == 1
    assert parse(loud.stdout) == {("m.py", "JXP202", 3, 5)}


def test_flake8_ignore_and_prefix_selection_apply(tmp_path):
    (tmp_path / "m.py").write_text(BAD, encoding="utf-8")
    assert flake8("--select", "JXP2", "m.py", cwd=tmp_path).returncode == 1
    assert flake8("--select", "JXP", "--extend-ignore", "JXP202", "m.py", cwd=tmp_path).stdout == ""


def test_source_on_stdin(tmp_path):
    linted = flake8("--select", "JXP", "--stdin-display-name", "pkg/model.py", "-",
                    cwd=tmp_path, stdin=BAD)
    assert linted.returncode == 1, linted.stderr
    assert parse(linted.stdout) == {("pkg/model.py", "JXP202", 3, 5)}


def test_parallel_jobs_over_several_files(tmp_path):
    names = [f"m{i}.py" for i in range(6)]
    for i, name in enumerate(names):
        (tmp_path / name).write_text("\n" * i + BAD, encoding="utf-8")
    (tmp_path / "clean.py").write_text("import jax\n", encoding="utf-8")
    linted = flake8("-j2", "--select", "JXP", *names, "clean.py", cwd=tmp_path)
    assert linted.returncode == 1, linted.stderr
    assert parse(linted.stdout) == {(name, "JXP202", 3 + i, 5) for i, name in enumerate(names)}


def test_plugin_failure_is_reported_without_a_traceback(tmp_path):
    (tmp_path / "m.py").write_text(BAD, encoding="utf-8")
    (tmp_path / "broken.toml").write_text("transforms = [1\n", encoding="utf-8")
    linted = flake8("--select", "JXP", "--jaxpure-config", "broken.toml", "m.py", cwd=tmp_path)
    assert linted.returncode == 1
    assert '"JXP" failed during execution' in linted.stdout
    assert "Traceback" not in linted.stdout + linted.stderr


def test_jaxpure_config_is_read_from_the_flake8_config_file(tmp_path):
    (tmp_path / "ci").mkdir()
    (tmp_path / "ci" / "jaxpure.toml").write_text(
        'transforms = { "mylib.jit" = "jax.jit" }\n', encoding="utf-8")
    (tmp_path / ".flake8").write_text("[flake8]\njaxpure-config = ci/jaxpure.toml\n", encoding="utf-8")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "m.py").write_text(VIA_TRANSFORM, encoding="utf-8")
    # not --isolated: the .flake8 file is the point; run from a subdirectory so the
    # relative path must be resolved against the config file, not the cwd
    linted = subprocess.run([sys.executable, "-m", "flake8", "--select", "JXP", "m.py"],
                            capture_output=True, text=True, cwd=tmp_path / "src")
    assert parse(linted.stdout) == {("m.py", "JXP202", 3, 5)}, linted.stdout + linted.stderr


def test_plugin_is_listed_in_flake8_version():
    assert f"jaxpure: {__version__}" in flake8("--version").stdout


def _cli_has(flag: str) -> bool:
    return flag in jaxpure_check("--help").stdout
