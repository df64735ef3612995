"""How --fix writes a file: in place, keeping what makes the file that file.

Refuses read-only files (as ruff does); keeps mode bits (setuid/setgid included), hard links
and extended attributes; never creates a temporary file in the user's tree; a write that
fails half-way leaves the old content.
"""

from __future__ import annotations

import errno
import os
import stat

import pytest
from cli_support import DISCARDED, DISCARDED_FIXED, run_in_process, write

from jaxpure import sources


def fix(capsys, root, *names):
    return run_in_process(capsys, root, "check", "--no-cache", "--fix", "--jobs", "1", *names)


def test_a_read_only_file_is_not_written(tmp_path, capsys):
    write(tmp_path, {"ro.py": DISCARDED, "rw.py": DISCARDED})
    os.chmod(tmp_path / "ro.py", 0o444)
    run = fix(capsys, tmp_path)
    assert run.code == 2 and "Traceback" not in run.err
    assert [line for line in run.err.splitlines() if "ro.py" in line] == [
        "error: ro.py: not fixed: the file is read-only (make it writable to apply fixes)"]
    assert (tmp_path / "ro.py").read_text() == DISCARDED
    assert stat.S_IMODE((tmp_path / "ro.py").stat().st_mode) == 0o444
    assert (tmp_path / "rw.py").read_text() == DISCARDED_FIXED  # the others are fixed


@pytest.mark.parametrize("mode", [0o6755, 0o4700, 0o2640, 0o600], ids=oct)
def test_mode_bits_are_kept(tmp_path, capsys, mode):
    write(tmp_path, {"m.py": DISCARDED})
    os.chmod(tmp_path / "m.py", mode)
    assert fix(capsys, tmp_path).code == 0
    assert (tmp_path / "m.py").read_text() == DISCARDED_FIXED
    assert stat.S_IMODE((tmp_path / "m.py").stat().st_mode) == mode


def test_hard_links_are_kept(tmp_path, capsys):
    write(tmp_path, {"m.py": DISCARDED})
    os.link(tmp_path / "m.py", tmp_path / "linked.txt")
    before = (tmp_path / "m.py").stat()
    assert fix(capsys, tmp_path, "m.py").code == 0
    after = (tmp_path / "m.py").stat()
    assert (after.st_ino, after.st_nlink) == (before.st_ino, 2)
    assert (tmp_path / "linked.txt").read_text() == DISCARDED_FIXED


def test_extended_attributes_are_kept(tmp_path, capsys):
    write(tmp_path, {"m.py": DISCARDED})
    try:
        os.setxattr(tmp_path / "m.py", "user.jaxpure-test", b"kept")
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM):
            pytest.skip(f"no user extended attributes here ({error.strerror})")
        raise
    assert fix(capsys, tmp_path).code == 0
    assert (tmp_path / "m.py").read_text() == DISCARDED_FIXED
    assert os.getxattr(tmp_path / "m.py", "user.jaxpure-test") == b"kept"


def test_no_file_is_created_in_the_tree(tmp_path, capsys, monkeypatch):
    """A temporary file next to the fixed one is what a kill -9 leaves behind."""
    import tempfile

    write(tmp_path, {"pkg/m.py": DISCARDED})
    outside = tmp_path.parent / f"{tmp_path.name}-tmp"
    outside.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(outside))
    created: list[str] = []
    real_open = os.open

    def recording_open(path, flags, *args, **kwargs):
        if flags & os.O_CREAT:
            created.append(os.path.abspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", recording_open)
    assert fix(capsys, tmp_path).code == 0
    monkeypatch.undo()
    assert (tmp_path / "pkg" / "m.py").read_text() == DISCARDED_FIXED
    assert [path for path in created if path.startswith(str(tmp_path) + os.sep)] == []
    assert sorted(os.listdir(tmp_path / "pkg")) == ["m.py"]
    assert os.listdir(outside) == []  # the backup copy is gone too


def test_a_failed_write_leaves_the_old_content(tmp_path, capsys, monkeypatch):
    write(tmp_path, {"m.py": DISCARDED})
    real_pwrite = os.pwrite
    calls = []

    def failing_pwrite(descriptor, data, offset):
        calls.append(len(data))
        if len(calls) == 1:  # half the new content, then the disk is full
            real_pwrite(descriptor, data[: len(data) // 2], offset)
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_pwrite(descriptor, data, offset)

    monkeypatch.setattr(sources.os, "pwrite", failing_pwrite)
    run = fix(capsys, tmp_path)
    assert run.code == 2 and "Traceback" not in run.err
    assert "error: m.py: not fixed: cannot write the file (no space left on device)" in run.err
    assert (tmp_path / "m.py").read_text() == DISCARDED


def test_a_full_disk_found_before_writing(tmp_path, capsys, monkeypatch):
    write(tmp_path, {"m.py": DISCARDED})

    def no_space(descriptor, offset, length):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(sources.os, "posix_fallocate", no_space)
    run = fix(capsys, tmp_path)
    assert run.code == 2
    assert "error: m.py: not fixed: no space left on device" in run.err
    assert (tmp_path / "m.py").read_text() == DISCARDED
