"""Hostile files and streams: unenterable directories, FIFOs, odd file names, closed or full
streams. Each gives one clear line and exit 2, never a traceback or a hang; the rest is checked.

Tests run as root here, where chmod 000 blocks nothing: an unenterable directory is simulated
by making the system calls fail as the kernel would for a directory without search permission.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import DISCARDED, run_in_process, write

from jaxpure import runner

OTHER = "other.py:4:5: JXP202"
DEEP_OTHER = "pkg/deep/other.py:4:5: JXP202"


def lines_about(err: str, name: str) -> list[str]:
    return [line for line in err.splitlines() if name in line]


def lock(monkeypatch, directory: Path) -> None:
    """Make ``directory`` behave as one without read and search permission (mode 000)."""
    locked = str(directory)

    def inside(path) -> bool:
        text = os.fspath(path) if not isinstance(path, int) else ""
        text = os.path.abspath(text) if text else text
        return text == locked or text.startswith(locked + os.sep)

    def denied(path):
        return PermissionError(errno.EACCES, "Permission denied", os.fspath(path))

    real_scandir, real_stat, real_open = os.scandir, os.stat, os.open

    def scandir(path="."):
        if inside(path):
            raise denied(path)
        return real_scandir(path)

    def stat(path, *args, **kwargs):
        if inside(path) and os.path.abspath(os.fspath(path)) != locked:
            raise denied(path)  # the directory itself can be stat'ed, nothing in it
        return real_stat(path, *args, **kwargs)

    def open_(path, *args, **kwargs):
        if inside(path):
            raise denied(path)
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "stat", stat)
    monkeypatch.setattr(os, "open", open_)


@pytest.mark.parametrize("where", ["locked", "pkg/deep/locked"])
def test_a_directory_that_cannot_be_entered(tmp_path, capsys, monkeypatch, where):
    write(tmp_path, {"other.py": DISCARDED, "pkg/deep/other.py": DISCARDED,
                     f"{where}/hidden.py": DISCARDED})
    lock(monkeypatch, tmp_path / where)
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", "--jobs", "1")
    assert run.code == 2 and "Traceback" not in run.err
    assert lines_about(run.err, "locked") == [
        f"error: {where}: cannot list directory: permission denied"]
    assert OTHER in run.out and DEEP_OTHER in run.out and "hidden.py" not in run.out


def test_a_directory_that_cannot_be_entered_named_on_the_command_line(tmp_path, capsys, monkeypatch):
    write(tmp_path, {"other.py": DISCARDED, "locked/hidden.py": DISCARDED})
    lock(monkeypatch, tmp_path / "locked")
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", "locked", "other.py")
    assert run.code == 2 and "Traceback" not in run.err
    assert lines_about(run.err, "locked") == ["error: locked: cannot list directory: permission denied"]
    assert OTHER in run.out


def run_cli(cwd: Path, *args: str, timeout: float = 60, **kwargs) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("JAXPURE_CACHE_DIR", None)
    return subprocess.run([sys.executable, "-m", "jaxpure", *args], cwd=cwd, env=env,
                          capture_output=True, timeout=timeout, **kwargs)


def test_a_fifo_named_on_the_command_line_does_not_hang(tmp_path):
    write(tmp_path, {"other.py": DISCARDED})
    os.mkfifo(tmp_path / "pipe.py")
    done = run_cli(tmp_path, "check", "--no-cache", "pipe.py", "other.py", stdin=subprocess.DEVNULL)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert lines_about(err, "pipe.py") == [
        "error: pipe.py: is a FIFO (named pipe), not a regular file; not read"]
    assert OTHER in done.stdout.decode()


def test_a_fifo_found_while_walking_is_not_a_python_file(tmp_path, capsys):
    write(tmp_path, {"other.py": DISCARDED})
    os.mkfifo(tmp_path / "pipe.py")
    run = run_in_process(capsys, tmp_path, "check", "--no-cache")
    assert run.code == 1 and OTHER in run.out and "pipe.py" not in run.out + run.err


@pytest.fixture
def no_hang():
    """Fail, rather than hang the suite, when a test blocks (SIGALRM interrupts an open())."""
    import signal

    def timed_out(signum, frame):
        raise TimeoutError("blocked for 60 s")

    previous = signal.signal(signal.SIGALRM, timed_out)
    signal.alarm(60)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_fifo_swapped_in_after_discovery_does_not_hang(tmp_path, capsys, monkeypatch, no_hang):
    write(tmp_path, {"other.py": DISCARDED, "swapped.py": DISCARDED})
    real_make_job = runner.make_job

    def make_job_then_swap(path, root):
        job = real_make_job(path, root)
        if path.name == "swapped.py":
            os.unlink(path)
            os.mkfifo(path)
        return job

    monkeypatch.setattr(runner, "make_job", make_job_then_swap)
    run = run_in_process(capsys, tmp_path, "check", "--no-cache", "--jobs", "1")
    assert run.code == 2
    assert lines_about(run.err, "swapped.py") == [
        "error: swapped.py: is a FIFO (named pipe), not a regular file; not read"]
    assert OTHER in run.out


# -- output: names that are not UTF-8, closed and full streams ------------------------------

NOT_UTF8 = b"caf\xe9.py"


@pytest.fixture
def odd_name(tmp_path):
    with open(os.path.join(os.fsencode(tmp_path), NOT_UTF8), "w") as handle:
        handle.write(DISCARDED)
    return tmp_path


@pytest.mark.parametrize("fmt", ["concise", "full", "json", "json-lines", "sarif", "github"])
def test_a_file_name_that_is_not_utf8(odd_name, fmt):
    # a strict stdout (as under most UTF-8 locales) as well as the lenient C.UTF-8 one
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "jaxpure", "check", "--no-cache",
                           "--output-format", fmt, "."], cwd=odd_name, env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 1 and b"Traceback" not in done.stderr, done.stderr.decode()
    if fmt in ("json", "json-lines", "sarif"):
        lines = done.stdout.decode("utf-8").splitlines() if fmt == "json-lines" else [done.stdout]
        text = json.dumps([json.loads(line) for line in lines])  # valid UTF-8 JSON
        assert ("caf%E9.py" if fmt == "sarif" else "caf\\ufffd.py") in text
    elif fmt == "github":
        assert "file=caf\ufffd.py" in done.stdout.decode("utf-8")
    else:
        assert NOT_UTF8 + b":4:5: JXP202" in done.stdout  # the name's own bytes: it opens


def run_with(cwd, *args, close="", stdout=subprocess.PIPE, stdin=subprocess.DEVNULL):
    """Run jaxpure, with ``close`` (``<&-``, ``>&-``) closing a stream first (a shell does
    it: preexec_fn would fork a process that may have imported JAX's threads)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "jaxpure", *args]
    if close:
        command = ["sh", "-c", f'exec "$0" "$@" {close}', *command]
    return subprocess.run(command, cwd=cwd, env=env, stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, timeout=120)


def test_closed_stdin(tmp_path):
    done = run_with(tmp_path, "check", "--no-cache", "-", close="<&-")
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err
    assert "error: -: standard input is closed" in err


@pytest.mark.parametrize("args", [(), ("--output-format", "json"), ("--diff",)], ids=repr)
def test_closed_stdout(tmp_path, args):
    write(tmp_path, {"m.py": DISCARDED})
    done = run_with(tmp_path, "check", "--no-cache", *args, ".", close=">&-")
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and "Exception ignored" not in err
    assert "jaxpure: error: cannot write the results: standard output is closed" in err
    assert (tmp_path / "m.py").read_text() == DISCARDED


@pytest.mark.parametrize("args", [(), ("--output-format", "sarif"), ("--diff",), ("--fix", "-")],
                         ids=repr)
def test_a_full_disk_on_stdout(tmp_path, args):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    write(tmp_path, {"m.py": DISCARDED})
    paths = () if "-" in args else (".",)
    with open("/dev/full", "w") as full:
        done = run_with(tmp_path, "check", "--no-cache", *args, *paths, stdout=full,
                        stdin=subprocess.PIPE if "-" in args else subprocess.DEVNULL)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and "Exception ignored" not in err
    assert [line for line in err.splitlines() if line.startswith("jaxpure: error")] == [
        "jaxpure: error: cannot write the results to standard output: no space left on device"]


def test_a_real_unenterable_directory_as_an_unprivileged_user(tmp_path_factory):
    """The same with a real mode-000 directory, when this machine lets the test drop to
    `nobody` (root reads through any mode)."""
    import shutil
    import tempfile

    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        pytest.skip("needs root and setpriv to run as nobody")
    root = Path(tempfile.mkdtemp(prefix="jaxpure-unenterable-"))
    try:
        os.chmod(root, 0o755)
        write(root, {"other.py": DISCARDED, "locked/hidden.py": DISCARDED})
        os.chmod(root / "locked", 0)
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "HOME": str(root)}
        env.pop("JAXPURE_CACHE_DIR", None)
        done = subprocess.run(
            [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups",
             sys.executable, "-m", "jaxpure", "check", "--no-cache", "--jobs", "1"],
            cwd=root, env=env, capture_output=True, timeout=120)
        if b"No module named" in done.stderr or b"ermission denied: '" in done.stderr:
            pytest.skip("nobody cannot run this installation")
        err = done.stderr.decode()
        assert done.returncode == 2 and "Traceback" not in err, err
        assert lines_about(err, "locked") == ["error: locked: cannot list directory: permission denied"]
        assert OTHER in done.stdout.decode()
    finally:
        os.chmod(root / "locked", 0o755)
        shutil.rmtree(root, ignore_errors=True)
