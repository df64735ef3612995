"""Adopting jaxpure on existing code: selector typos, missing paths, --add-noqa, baselines,
progress and the ruff-like listing flags. Every test runs the real command."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

import pytest
from cli_support import CLEAN, DISCARDED, run_subprocess, write

from jaxpure.rules import all_rules
from jaxpure.selectors import known_selectors, rule_names

REUSE = ("import jax\n\nkey = jax.random.PRNGKey(0)\na = jax.random.normal(key)\n"
         "b = jax.random.normal(key)  # a note\nc = jax.random.normal(key)  # noqa: JXP101\n"
         "d = f\"\"\"{jax.random.normal(\nkey)}\"\"\" + str(1)\n"
         "e = jax.random.normal(key) + \\\n    1\n")


# --- selectors and paths -------------------------------------------------------------------

@pytest.mark.parametrize("option, bad, nearest", [
    ("--select", "JPX", "JXP"),
    ("--select", "JXP999", None),
    ("--select", "E501", None),
    ("--extend-select", "JXP3011", None),
    ("--ignore", "JXP31", None),
])
def test_unknown_selectors_exit_2_naming_them(tmp_path, option, bad, nearest):
    write(tmp_path, {"bad.py": DISCARDED})
    run = run_subprocess(tmp_path, "check", "--no-cache", option, bad, "bad.py")
    assert run.code == 2
    assert f"unknown rule selector {bad!r}" in run.err and option in run.err
    assert "did you mean" in run.err and (nearest is None or f"{nearest!r}" in run.err)
    assert "All checks passed" not in run.err and run.out == ""


@pytest.mark.parametrize("table", ['ignore = ["JXP3O"]\n', 'ignore = ["JPX"]\n',
                                   '[per-file-ignores]\n"tests/*" = ["JXP77"]\n'])
def test_unknown_selectors_in_the_configuration_exit_2(tmp_path, table):
    write(tmp_path, {"jaxpure.toml": table, "bad.py": DISCARDED})
    run = run_subprocess(tmp_path, "check", "--no-cache", "bad.py")
    assert run.code == 2 and "jaxpure.toml" in run.err and "All checks passed" not in run.err


def test_known_selectors_follow_the_rules():
    assert rule_names() == {rule.code: rule.name for rule in all_rules()}
    assert {"ALL", "JXP", "JXP3", "JXP30", "JXP301"} <= known_selectors()
    assert "JXP9" not in known_selectors()


def test_a_missing_path_exits_2_without_all_checks_passed(tmp_path):
    write(tmp_path, {"good.py": CLEAN})
    run = run_subprocess(tmp_path, "check", "--no-cache", "good.py", "missing.py")
    assert run.code == 2
    assert "missing.py: no such file or directory" in run.err
    assert "All checks passed" not in run.err


def test_rule_takes_a_name_as_well_as_a_code(tmp_path):
    by_name = run_subprocess(tmp_path, "rule", "prng-key-reuse")
    by_code = run_subprocess(tmp_path, "rule", "JXP301")
    assert by_name.code == 0 and by_name.out == by_code.out and "(JXP301)" in by_name.out
    typo = run_subprocess(tmp_path, "rule", "prng-key-reus")
    assert typo.code == 2 and "'prng-key-reuse'" in typo.err


# --- --add-noqa -----------------------------------------------------------------------------

def test_add_noqa_then_check_reports_nothing_and_a_second_run_changes_nothing(tmp_path):
    write(tmp_path, {"m.py": REUSE})
    first = run_subprocess(tmp_path, "check", "--no-cache", "--add-noqa", "m.py")
    assert first.code == 0, first.err
    text = (tmp_path / "m.py").read_text()
    assert text.splitlines()[4] == "b = jax.random.normal(key)  # a note  # noqa: JXP301"
    assert text.splitlines()[5] == "c = jax.random.normal(key)  # noqa: JXP101, JXP301"
    # inside a multi-line string and after a backslash: on the row that can take a comment
    assert 'key)}""" + str(1)  # noqa: JXP301' in text and "    1  # noqa: JXP301" in text
    compile(text, "m.py", "exec")
    check = run_subprocess(tmp_path, "check", "--no-cache", "m.py")
    assert (check.code, check.out) == (0, "")
    second = run_subprocess(tmp_path, "check", "--no-cache", "--add-noqa", "m.py")
    assert second.code == 0 and (tmp_path / "m.py").read_text() == text


def test_add_noqa_in_a_notebook_cell(tmp_path):
    from test_notebooks import REUSE as NOTEBOOK

    write(tmp_path, {"nb.ipynb": NOTEBOOK})
    assert run_subprocess(tmp_path, "check", "--no-cache", "--add-noqa", "nb.ipynb").code == 0
    after = (tmp_path / "nb.ipynb").read_text()
    assert after == NOTEBOOK.replace('"b = jax.random.uniform(key)\\n"',
                                     '"b = jax.random.uniform(key)  # noqa: JXP301\\n"')
    assert run_subprocess(tmp_path, "check", "--no-cache", "nb.ipynb").code == 0


# --- baseline -------------------------------------------------------------------------------

def test_a_baseline_hides_exactly_the_recorded_findings_after_lines_move(tmp_path):
    write(tmp_path, {"m.py": REUSE, "other.py": DISCARDED})
    wrote = run_subprocess(tmp_path, "check", "--no-cache", "--write-baseline", "base.json", ".")
    assert wrote.code == 0 and "Wrote 5 findings" in wrote.err
    assert len(json.loads((tmp_path / "base.json").read_text())["findings"]) == 5
    lines = REUSE.splitlines(keepends=True)
    moved = "import os\n\n\n" + "".join(lines) + "f = jax.random.normal(key)\n"
    write(tmp_path, {"m.py": moved})
    run = run_subprocess(tmp_path, "check", "--no-cache", "--baseline", "base.json", ".")
    assert run.code == 1
    assert [line.split(": ")[0] for line in run.out.splitlines()] == ["m.py:14:5"]
    assert "5 findings matched the baseline" in run.err
    same = run_subprocess(tmp_path, "check", "--no-cache", "--baseline", "base.json", "other.py")
    assert (same.code, same.out) == (0, "")


def test_a_bad_baseline_is_an_error(tmp_path):
    write(tmp_path, {"m.py": CLEAN, "base.json": "[]"})
    run = run_subprocess(tmp_path, "check", "--no-cache", "--baseline", "base.json", "m.py")
    assert run.code == 2 and "not a jaxpure baseline" in run.err
    missing = run_subprocess(tmp_path, "check", "--no-cache", "--baseline", "nope.json", "m.py")
    assert missing.code == 2 and "cannot read baseline" in missing.err


# --- listing, verbosity, exclusion ------------------------------------------------------------

def test_show_files_and_exclude(tmp_path):
    write(tmp_path, {"a.py": CLEAN, "gen/b.py": DISCARDED, "nb.ipynb": '{"cells": []}',
                     "notes.txt": "x"})
    run = run_subprocess(tmp_path, "check", "--show-files", ".")
    assert (run.code, run.out.splitlines()) == (0, ["a.py", "gen/b.py", "nb.ipynb"])
    run = run_subprocess(tmp_path, "check", "--show-files", "--exclude", "gen", ".")
    assert run.out.splitlines() == ["a.py", "nb.ipynb"]
    verbose = run_subprocess(tmp_path, "check", "--no-cache", "-v", "--exclude", "gen", ".")
    assert "skipped: gen: excluded" in verbose.err and verbose.code == 0
    assert "configuration: none (defaults)" in verbose.err


def test_show_settings(tmp_path):
    write(tmp_path, {"jaxpure.toml": 'ignore = ["JXP1"]\n'})
    run = run_subprocess(tmp_path, "check", "--show-settings", "--extend-select", "JXP3")
    assert run.code == 0
    assert "ignore: ['JXP1']" in run.out and "extend-select: ['JXP3']" in run.out
    assert "jaxpure.toml" in run.out


def test_quiet_prints_findings_and_nothing_else(tmp_path):
    write(tmp_path, {"bad.py": DISCARDED})
    run = run_subprocess(tmp_path, "check", "--no-cache", "-q", "bad.py")
    assert run.code == 1 and run.out.startswith("bad.py:4:5: JXP202") and run.err == ""


# --- progress ---------------------------------------------------------------------------------

def _run_with_terminal_stderr(cwd, *args):
    controller, terminal = pty.openpty()
    env = {**os.environ, "JAXPURE_PROGRESS_DELAY": "0"}
    done = subprocess.run([sys.executable, "-m", "jaxpure", *args], cwd=cwd, stdout=subprocess.PIPE,
                          stderr=terminal, env=env, timeout=300)
    os.close(terminal)
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(controller)
    return done.returncode, done.stdout.decode(), b"".join(chunks).decode()


def test_a_progress_line_on_a_terminal_is_erased_at_the_end(tmp_path):
    write(tmp_path, {"a.py": CLEAN, "b.py": DISCARDED})
    code, out, err = _run_with_terminal_stderr(tmp_path, "check", "--no-cache", "--jobs", "1", ".")
    assert code == 1 and "checked 2/2 files" in err
    assert err.index("\r\x1b[K", err.rindex("checked 2/2 files")) < err.index("Found 1 finding")
    assert "checked" not in out
    _, _, quiet = _run_with_terminal_stderr(tmp_path, "check", "--no-cache", "-q", ".")
    _, _, machine = _run_with_terminal_stderr(tmp_path, "check", "--no-cache",
                                              "--output-format", "json", ".")
    assert "checked" not in quiet and "checked" not in machine


def test_no_progress_line_when_stderr_is_not_a_terminal(tmp_path):
    write(tmp_path, {"a.py": CLEAN})
    env = {**os.environ, "JAXPURE_PROGRESS_DELAY": "0"}
    done = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--no-cache", "."],
                          cwd=tmp_path, capture_output=True, env=env, timeout=300)
    assert done.returncode == 0 and b"checked" not in done.stderr


def test_json_noqa_row_is_where_add_noqa_puts_the_comment(tmp_path):
    write(tmp_path, {"m.py": REUSE})
    run = run_subprocess(tmp_path, "check", "--no-cache", "--output-format", "json", "m.py")
    rows = [(f["location"]["row"], f["noqa_row"]) for f in json.loads(run.out)]
    assert rows == [(5, 5), (6, 6), (7, 8), (9, 10)]


def test_comment_rows_skip_strings_and_backslashes_but_not_comments_or_brackets():
    from jaxpure.suppression import comment_rows

    source = ('x = 1  # a comment ending in a backslash \\\n'
              'y = (a +\n'
              '     b) + \\\n'
              '    c + \\\n'
              '    d\n'
              's = """a\n'
              'b\n'
              '"""\n')
    assert comment_rows(source) == {3: 5, 4: 5, 6: 8, 7: 8}
