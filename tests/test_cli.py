"""``jaxpure check`` end to end: exit codes, selection, stdin, output, fixes, subcommands."""

from __future__ import annotations

import json
import os
import stat
import sys
import types

import pytest
from cli_support import (
    CLEAN,
    DISCARDED,
    DISCARDED_FIXED,
    UNSAFE_ONLY,
    run_in_process,
    run_subprocess,
    write,
)

import jaxpure
from jaxpure import runner
from jaxpure.output import FORMATS


@pytest.fixture
def project(tmp_path):
    write(tmp_path, {"bad.py": DISCARDED, "good.py": CLEAN})
    return tmp_path


# --- exit codes -------------------------------------------------------------------------------

def test_findings_exit_1_with_sorted_concise_output_and_summary(project, capsys):
    write(project, {"a_first.py": DISCARDED})
    run = run_in_process(capsys, project, "check")
    assert run.code == 1
    assert run.out.splitlines() == [
        "a_first.py:4:5: JXP202 " + run.out.splitlines()[0].split(" JXP202 ", 1)[1],
        "bad.py:4:5: JXP202 " + run.out.splitlines()[1].split(" JXP202 ", 1)[1],
    ]
    assert run.err.strip() == "Found 2 findings (2 fixable with --fix)."


def test_clean_exit_0(project, capsys):
    run = run_in_process(capsys, project, "check", "good.py")
    assert (run.code, run.out, run.err.strip()) == (0, "", "All checks passed!")


def test_exit_zero_turns_findings_into_0_but_not_errors(project, capsys):
    assert run_in_process(capsys, project, "check", "--exit-zero").code == 0
    run = run_in_process(capsys, project, "check", "--exit-zero", "bad.py", "missing.py")
    assert run.code == 2
    assert "bad.py:4:5: JXP202" in run.out
    assert "error: missing.py: no such file or directory" in run.err


def test_usage_errors_exit_2(project, capsys):
    run = run_in_process(capsys, project, "check", "--select", "not-a-code")
    assert run.code == 2 and "--select" in run.err and "not-a-code" in run.err
    with pytest.raises(SystemExit) as raised:
        run_in_process(capsys, project, "check", "--jobs", "0")
    assert raised.value.code == 2


def test_subprocess_and_python_dash_m(project):
    run = run_subprocess(project, "check", "bad.py")
    assert run.code == 1 and run.out.startswith("bad.py:4:5: JXP202")
    assert "Traceback" not in run.err
    version = run_subprocess(project, "--version")
    assert version.code == 0 and version.out.strip() == f"jaxpure {jaxpure.__version__}"


# --- selection ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "expected"), [
    (("--select", "JXP1"), 0),
    (("--select", "JXP1", "--extend-select", "JXP202"), 1),
    (("--ignore", "JXP202"), 0),
    (("--ignore", "JXP2"), 0),
    (("--select", "JXP202", "--ignore", "JXP2"), 1),  # the more specific selector wins
    (("--select", "ALL"), 1),
])
def test_select_and_ignore(project, capsys, args, expected):
    assert run_in_process(capsys, project, "check", "bad.py", "--no-cache", *args).code == expected


def test_cli_select_overrides_config(project, capsys):
    write(project, {"pyproject.toml": '[tool.jaxpure]\nignore = ["JXP202"]\n'})
    assert run_in_process(capsys, project, "check").code == 0
    assert run_in_process(capsys, project, "check", "--isolated").code == 1


# --- stdin ---------------------------------------------------------------------------------------

def test_stdin(project):
    run = run_subprocess(project, "check", "-", stdin=DISCARDED.encode())
    assert run.code == 1 and run.out.startswith("-:4:5: JXP202")
    named = run_subprocess(project, "check", "-", "--stdin-filename", "pkg/mod.py",
                           stdin=DISCARDED.encode())
    assert named.code == 1 and named.out.startswith("pkg/mod.py:4:5: JXP202")
    assert run_subprocess(project, "check", "-", stdin=CLEAN.encode()).code == 0


def test_stdin_filename_applies_per_file_ignores(project):
    write(project, {"pyproject.toml": '[tool.jaxpure.per-file-ignores]\n"tests/*" = ["JXP202"]\n'})
    run = run_subprocess(project, "check", "--stdin-filename", "tests/test_x.py", stdin=DISCARDED.encode())
    assert run.code == 0, run.err


def test_stdin_fix_prints_fixed_source(project):
    run = run_subprocess(project, "check", "--fix", "-", stdin=DISCARDED.encode())
    assert run.code == 0
    assert run.out == DISCARDED_FIXED


# --- output --------------------------------------------------------------------------------------

def test_output_file(project, capsys):
    run = run_in_process(capsys, project, "check", "--output-file", "report.txt")
    assert run.code == 1 and run.out == ""
    assert (project / "report.txt").read_text().startswith("bad.py:4:5: JXP202")


def test_output_format_choices_come_from_output_package(project, capsys):
    with pytest.raises(SystemExit):
        run_in_process(capsys, project, "check", "--help")
    help_text = capsys.readouterr().out
    for fmt in FORMATS:
        assert fmt in help_text


def test_json_output(project, capsys):
    run = run_in_process(capsys, project, "check", "--output-format", "json")
    assert [item["code"] for item in json.loads(run.out)] == ["JXP202"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_renders(project, capsys, fmt):
    run = run_in_process(capsys, project, "check", "--output-format", fmt)
    assert run.code == 1 and run.out


def test_output_format_from_config_is_validated(project, capsys):
    write(project, {"jaxpure.toml": 'output-format = "xml"\n'})
    run = run_in_process(capsys, project, "check")
    assert run.code == 2 and "output-format" in run.err and "jaxpure.toml" in run.err


def test_statistics(project, capsys):
    run = run_in_process(capsys, project, "check", "--statistics")
    assert run.code == 1
    assert "JXP202" in run.out and "bad.py" not in run.out


def test_pool_output_equals_serial_output(tmp_path, capsys):
    write(tmp_path, {f"m{i:02}.py": DISCARDED if i % 3 == 0 else CLEAN for i in range(20)})
    serial = run_in_process(capsys, tmp_path, "check", "--no-cache", "--jobs", "1")
    pooled = run_in_process(capsys, tmp_path, "check", "--no-cache", "--jobs", "2")
    assert serial.out == pooled.out and serial.code == pooled.code == 1
    assert len(serial.out.splitlines()) == 7


# --- fixes -------------------------------------------------------------------------------------

def test_fix_applies_safe_fixes_only(tmp_path, capsys):
    write(tmp_path, {"safe.py": DISCARDED, "unsafe.py": UNSAFE_ONLY})
    os.chmod(tmp_path / "safe.py", 0o640)
    run = run_in_process(capsys, tmp_path, "check", "--fix")
    assert (tmp_path / "safe.py").read_text() == DISCARDED_FIXED
    assert (tmp_path / "unsafe.py").read_text() == UNSAFE_ONLY
    assert stat.S_IMODE(os.stat(tmp_path / "safe.py").st_mode) == 0o640
    assert run.code == 1  # the unsafe one remains
    assert "unsafe.py:5:5: JXP201" in run.out and "safe.py:" not in run.out.replace("unsafe.py", "")
    assert "Found 2 findings (1 fixed, 1 remaining)." in run.err
    assert "--unsafe-fixes" in run.err
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".jaxpure-tmp")]


def test_fix_with_everything_fixed_exits_0(tmp_path, capsys):
    write(tmp_path, {"safe.py": DISCARDED})
    run = run_in_process(capsys, tmp_path, "check", "--fix", "--show-fixes")
    assert run.code == 0
    assert "1 × JXP202 (discarded-at-update)" in run.err


def test_unsafe_fixes(tmp_path, capsys):
    write(tmp_path, {"unsafe.py": UNSAFE_ONLY})
    run = run_in_process(capsys, tmp_path, "check", "--fix", "--unsafe-fixes")
    assert run.code == 0, run.out
    assert "x = x.at[0].set(1.0)" in (tmp_path / "unsafe.py").read_text()


def test_unsafe_fixes_from_config(tmp_path, capsys):
    write(tmp_path, {"unsafe.py": UNSAFE_ONLY, "jaxpure.toml": "unsafe-fixes = true\n"})
    assert run_in_process(capsys, tmp_path, "check", "--fix").code == 0
    assert "x = x.at[0].set(1.0)" in (tmp_path / "unsafe.py").read_text()


def test_diff_writes_nothing(tmp_path, capsys):
    write(tmp_path, {"safe.py": DISCARDED, "good.py": CLEAN})
    run = run_in_process(capsys, tmp_path, "check", "--diff")
    assert run.code == 1
    assert (tmp_path / "safe.py").read_text() == DISCARDED
    assert "-    x.at[0].set(1.0)\n+    x = x.at[0].set(1.0)\n" in run.out
    assert run.out.startswith("--- safe.py\n+++ safe.py\n")
    assert "Would fix 1 finding in 1 file." in run.err
    nothing = run_in_process(capsys, tmp_path, "check", "--diff", "good.py")
    assert (nothing.code, nothing.out) == (0, "")


def test_fix_preserves_bom_crlf_and_symlinks(tmp_path, capsys):
    crlf = DISCARDED.replace("\n", "\r\n")
    write(tmp_path, {"real.py": b"\xef\xbb\xbf" + crlf.encode()})
    (tmp_path / "link.py").symlink_to(tmp_path / "real.py")
    run = run_in_process(capsys, tmp_path, "check", "--fix", "link.py")
    assert run.code == 0, run.out + run.err
    assert (tmp_path / "link.py").is_symlink()
    assert (tmp_path / "real.py").read_bytes() == b"\xef\xbb\xbf" + DISCARDED_FIXED.replace("\n", "\r\n").encode()


def test_file_changed_on_disk_is_not_written(tmp_path):
    target = tmp_path / "a.py"
    target.write_text("changed by someone else\n")
    problem = runner.write_if_unchanged(str(target), b"what we read\n", b"fixed\n")
    assert problem is not None and "changed on disk" in problem
    assert target.read_text() == "changed by someone else\n"
    assert runner.write_if_unchanged(str(target), b"changed by someone else\n", b"fixed\n") is None
    assert target.read_text() == "fixed\n"


def test_fix_refuses_when_file_changes_during_the_run(tmp_path, capsys, monkeypatch):
    write(tmp_path, {"safe.py": DISCARDED})
    real_check = runner._fix

    def edit_then_fix(job, data, *rest):
        (tmp_path / "safe.py").write_text(DISCARDED + "# edited meanwhile\n")
        return real_check(job, data, *rest)

    monkeypatch.setattr(runner, "_fix", edit_then_fix)
    run = run_in_process(capsys, tmp_path, "check", "--fix", "--no-cache", "--jobs", "1")
    assert run.code == 2
    assert "changed on disk" in run.err
    assert (tmp_path / "safe.py").read_text().endswith("# edited meanwhile\n")


# --- rule, verify, clean --------------------------------------------------------------------------

def test_rule_docs_and_listing(tmp_path, capsys):
    doc = run_in_process(capsys, tmp_path, "rule", "JXP202")
    assert doc.code == 0 and "discarded-at-update" in doc.out and "## What it does" in doc.out
    listing = run_in_process(capsys, tmp_path, "rule", "--all")
    assert listing.code == 0 and "JXP202" in listing.out and "JXP001" in listing.out
    as_json = run_in_process(capsys, tmp_path, "rule", "--all", "--output-format", "json")
    codes = [entry["code"] for entry in json.loads(as_json.out)]
    assert "JXP202" in codes and codes == sorted(codes)
    one = json.loads(run_in_process(capsys, tmp_path, "rule", "JXP202", "--output-format", "json").out)
    assert one["name"] == "discarded-at-update" and one["fix"] == "safe"
    assert run_in_process(capsys, tmp_path, "rule", "JXP999").code == 2


def test_verify_passes_every_argument_through(tmp_path, capsys, monkeypatch):
    seen = []
    fake = types.ModuleType("jaxpure.verify.cli")
    fake.main = lambda argv: seen.append(argv) or 0
    monkeypatch.setitem(sys.modules, "jaxpure.verify.cli", fake)
    assert run_in_process(capsys, tmp_path, "verify", "x.py", "--select", "JXP1", "--help").code == 0
    assert seen == [["x.py", "--select", "JXP1", "--help"]]


def test_verify_missing_is_a_clear_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "jaxpure.verify.cli", None)  # import now fails
    run = run_in_process(capsys, tmp_path, "verify", "x.py")
    assert run.code == 2 and "jaxpure verify" in run.err and "Traceback" not in run.err


def test_clean_removes_only_a_jaxpure_cache(tmp_path, capsys):
    write(tmp_path, {"bad.py": DISCARDED})
    run_in_process(capsys, tmp_path, "check")
    assert (tmp_path / ".jaxpure_cache" / "CACHEDIR.TAG").is_file()
    assert run_in_process(capsys, tmp_path, "clean").code == 0
    assert not (tmp_path / ".jaxpure_cache").exists()
    (tmp_path / "precious").mkdir()
    assert run_in_process(capsys, tmp_path, "clean", "--cache-dir", "precious").code == 2
    assert (tmp_path / "precious").is_dir()


def test_no_command_prints_help_and_exits_2(tmp_path, capsys):
    assert run_in_process(capsys, tmp_path).code == 2


def test_import_is_light():
    """pre-commit pays the import on every commit: the CLI must not pull in libcst."""
    code = ("import sys, jaxpure.cli; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('libcst', 'jaxpure')))")
    out = run_subprocess_python(code)
    assert "libcst" not in out and "jaxpure.engine" not in out


def run_subprocess_python(code: str) -> str:
    import subprocess

    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout


def test_fixes_from_every_round_of_cross_module_analysis_are_counted(tmp_path, capsys):
    # layers.dense is traced only through train.py's jitted step: round 1 fixes the
    # discarded update (unseeded), round 2 re-checks layers.py with its seeds
    write(tmp_path, {
        "proj/__init__.py": "",
        "proj/layers.py": "import jax.numpy as jnp\n\n\ndef dense(x):\n    x.at[0].set(1.0)\n"
                          "    if x.sum() > 0:\n        x = -x\n    return x\n",
        "proj/train.py": "import jax\n\nfrom proj.layers import dense\n\n\n@jax.jit\n"
                         "def step(x):\n    return dense(x)\n",
    })
    original = (tmp_path / "proj" / "layers.py").read_text()
    outcomes = runner.run([runner.make_job(tmp_path / "proj" / name, tmp_path)
                           for name in ("layers.py", "train.py")],
                          engine_settings(), runner.FixMode(apply=True))
    assert "x = x.at[0].set(1.0)" in (tmp_path / "proj" / "layers.py").read_text()
    assert [f.code for f in outcomes[0].fixed] == ["JXP202"]
    assert outcomes[0].original_text == original  # what `check --fix --verify` compares against
    assert [f.code for f in outcomes[0].result.findings] == ["JXP401"]  # found in round 2
    (tmp_path / "proj" / "layers.py").write_text(original)
    run = run_in_process(capsys, tmp_path, "check", "--fix", "--show-fixes", "--no-cache")
    assert "1 fixed" in run.err and "1 × JXP202" in run.err, run.err


def engine_settings():
    from jaxpure.settings import Settings

    return Settings()


def test_a_helper_seeded_by_jitted_and_plain_lax_callers_is_checked(tmp_path, capsys):
    # two seeds for one helper that differ only in None vs "jax.jit" once stopped the run
    # with a TypeError while the seeds were fingerprinted (found on dynamax and jumanji)
    body = "    def body(c, x):\n        return helper(c), x\n    return jax.lax.scan(body, 0.0, xs)\n"
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/util.py": "def helper(x):\n    return x + 1\n",
        "pkg/a.py": "import jax\nfrom pkg.util import helper\n\ndef run(xs):\n" + body,
        "pkg/b.py": "import jax\nfrom pkg.util import helper\n\n@jax.jit\ndef run(xs):\n" + body,
    })
    done = run_in_process(capsys, tmp_path, "check", "--no-cache", "pkg")
    assert done.code == 0, done.err


def test_an_internal_error_across_modules_keeps_each_files_results(tmp_path, capsys, monkeypatch):
    write(tmp_path, {"a.py": DISCARDED, "b.py": CLEAN})

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(runner, "_cross_module_rounds", broken)
    done = run_in_process(capsys, tmp_path, "check", "--no-cache", "--jobs", "1")
    assert done.code == 1 and "JXP202" in done.out
    assert "internal error in the analysis across modules (RuntimeError: boom)" in done.err
