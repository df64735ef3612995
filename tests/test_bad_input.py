"""Inputs that cannot be checked: one clear stderr line each, no traceback, the rest still checked."""

from __future__ import annotations

import os

import pytest
from cli_support import DISCARDED, run_in_process, run_subprocess, write

from jaxpure import runner, sources

OTHER = "other.py:4:5: JXP202"


def lines_about(err: str, name: str) -> list[str]:
    return [line for line in err.splitlines() if name in line]


@pytest.fixture
def project(tmp_path):
    write(tmp_path, {"other.py": DISCARDED})
    return tmp_path


def test_syntax_error_is_a_jxp001_finding(project, capsys):
    write(project, {"broken.py": "import jax\ndef f(:\n    pass\n"})
    run = run_in_process(capsys, project, "check")
    assert run.code == 1
    assert "JXP001" in run.out and run.out.startswith("broken.py:")
    assert OTHER in run.out


def test_undecodable_bytes(project, capsys):
    write(project, {"latin.py": b"import jax\nname = '\xe9t\xe9'\n"})
    run = run_in_process(capsys, project, "check")
    assert run.code == 2
    [line] = lines_about(run.err, "latin.py")
    assert line.startswith("error: latin.py: cannot decode file")
    assert OTHER in run.out


def test_declared_encoding_is_honoured(project, capsys):
    write(project, {"latin.py": b"# -*- coding: latin-1 -*-\nimport jax\nname = '\xe9t\xe9'\n"})
    assert run_in_process(capsys, project, "check", "latin.py").code == 0


def test_unreadable_file(project, capsys, monkeypatch):
    write(project, {"secret.py": DISCARDED})
    real_open = os.open

    def guarded_open(path, *args, **kwargs):
        if str(path).endswith("secret.py"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(sources.os, "open", guarded_open)  # secret.py only
    run = run_in_process(capsys, project, "check", "--jobs", "1")
    assert run.code == 2
    assert lines_about(run.err, "secret.py") == ["error: secret.py: permission denied"]
    assert OTHER in run.out


def test_directory_where_a_file_is_expected(project, capsys):
    (project / "not_a_file.py").mkdir()
    outcome = runner.check_job(runner.make_job(project / "not_a_file.py", project),
                               engine_settings())
    assert outcome.result.error == "is a directory, not a Python file"


def engine_settings():
    from jaxpure.settings import Settings

    return Settings()


def test_path_that_vanishes_between_discovery_and_reading(project, capsys, monkeypatch):
    write(project, {"vanishing.py": DISCARDED})
    real_make_job = runner.make_job

    def make_job_then_delete(path, root):
        job = real_make_job(path, root)
        if path.name == "vanishing.py":
            os.unlink(path)
        return job

    monkeypatch.setattr(runner, "make_job", make_job_then_delete)
    run = run_in_process(capsys, project, "check", "--jobs", "1")
    assert run.code == 2
    assert lines_about(run.err, "vanishing.py") == [
        "error: vanishing.py: file vanished before it could be read"]
    assert OTHER in run.out


def test_missing_path(project, capsys):
    run = run_in_process(capsys, project, "check", "nope.py", "other.py")
    assert run.code == 2
    assert lines_about(run.err, "nope.py") == ["error: nope.py: no such file or directory"]
    assert OTHER in run.out


def test_symlink_loops(project, capsys):
    (project / "self.py").symlink_to(project / "self.py")
    (project / "pkg").mkdir()
    (project / "pkg" / "up").symlink_to(project, target_is_directory=True)
    run = run_in_process(capsys, project, "check")
    assert run.code == 1  # skipped links are warnings; the findings decide
    assert lines_about(run.err, "self.py") == ["warning: self.py: symbolic link loop, skipped"]
    [line] = lines_about(run.err, "pkg/up")
    assert line.startswith("warning: pkg/up: symbolic link loop")
    assert run.out.count(OTHER) == 1
    named = run_in_process(capsys, project, "check", "self.py", "other.py")
    assert named.code == 2
    assert lines_about(named.err, "self.py") == ["error: self.py: symbolic link loop"]
    assert OTHER in named.out


def test_broken_symlink(project, capsys):
    (project / "dangling.py").symlink_to(project / "gone.py")
    run = run_in_process(capsys, project, "check")
    assert lines_about(run.err, "dangling.py") == ["warning: dangling.py: broken symbolic link, skipped"]
    assert run.code == 1 and OTHER in run.out


def test_empty_directory(project, capsys):
    (project / "empty").mkdir()
    alone = run_in_process(capsys, project, "check", "empty")
    assert alone.code == 0
    assert lines_about(alone.err, "empty") == ["warning: empty: no Python files found in this directory"]
    both = run_in_process(capsys, project, "check", "empty", "other.py")
    assert both.code == 1 and OTHER in both.out


def test_very_large_generated_file(project, capsys):
    write(project, {"generated.py": "import jax\n" + "x = [" + "1, " * 1_700_000 + "]\n"})
    assert (project / "generated.py").stat().st_size > 5_000_000
    run = run_in_process(capsys, project, "check")
    assert run.code == 2
    [line] = lines_about(run.err, "generated.py")
    assert line.startswith("error: generated.py: skipped: file is 5.1 MB, over the 2 MB limit")
    assert OTHER in run.out


def test_null_bytes_and_binary_garbage_do_not_crash(project):
    write(project, {"nul.py": b"import jax\x00\n", "garbage.py": os.urandom(4096)})
    run = run_subprocess(project, "check", "--no-cache")
    assert "Traceback" not in run.err
    assert OTHER in run.out
    assert run.code in (1, 2)


def test_errors_are_reported_in_a_pool_too(project):
    write(project, {f"m{i}.py": DISCARDED for i in range(10)})
    write(project, {"latin.py": b"import jax\nname = '\xe9'\n"})
    run = run_subprocess(project, "check", "--no-cache", "--jobs", "2")
    assert run.code == 2 and "Traceback" not in run.err
    assert len(lines_about(run.err, "latin.py")) == 1
    assert run.out.count("JXP202") == 11
