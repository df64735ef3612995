"""jaxpure.sources: the one reader and decoder of source files (engine, runner, CLI, plugin)."""

from __future__ import annotations

import os
import threading

import pytest

from jaxpure import engine, runner, sources
from jaxpure.sources import MAX_FILE_BYTES, read_source


def test_one_size_limit_for_the_reader_and_the_engine(tmp_path):
    path = tmp_path / "big.py"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    data, problem = read_source(str(path))
    assert data is None and problem.startswith("skipped: file is 2.0 MB, over the 2 MB limit")
    in_memory = engine.check_source(b"#" * (MAX_FILE_BYTES + 1), "big.py")
    assert in_memory.error == problem
    path.write_bytes(b"#" * MAX_FILE_BYTES)
    assert read_source(str(path)) == (b"#" * MAX_FILE_BYTES, None)
    # the engine and the runner use these, not copies
    assert engine.MAX_FILE_BYTES is sources.MAX_FILE_BYTES
    assert engine.decode is sources.decode and runner.read_source is sources.read_source


def _with_timeout(function, *args):
    """Run ``function`` in a thread; fail (rather than hang the suite) if it blocks."""
    box = []
    thread = threading.Thread(target=lambda: box.append(function(*args)), daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), f"{function.__name__} blocked"
    return box[0]


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    data, problem = _with_timeout(read_source, str(fifo))
    assert data is None and problem == "is a FIFO (named pipe), not a regular file; not read"


def test_a_device_is_refused(tmp_path):
    data, problem = _with_timeout(read_source, os.devnull)
    assert data is None and problem == "is a device, not a regular file; not read"


def test_reasons_for_unreadable_paths(tmp_path):
    assert read_source(str(tmp_path / "gone.py")) == (None, "file vanished before it could be read")
    assert read_source(str(tmp_path)) == (None, "is a directory, not a Python file")


@pytest.mark.parametrize(("data", "text"), [
    (b"\xef\xbb\xbfx = 1\n", "x = 1\n"),
    (b"# -*- coding: latin-1 -*-\nx = '\xe9'\n", "# -*- coding: latin-1 -*-\nx = '\u00e9'\n"),
])
def test_decode_and_encode_like(data, text):
    assert sources.decode(data) == text
    assert sources.encode_like(data, text) == data


def test_lines_are_pythons():
    text = "a\rb\r\nc\x0cd\x1ce\x85f\u2028g\u2029h\vi\n"
    assert sources.split_lines(text) == ["a", "b", "c\x0cd\x1ce\x85f\u2028g\u2029h\vi", ""]
    assert sources.split_lines_keepends(text) == ["a\r", "b\r\n", "c\x0cd\x1ce\x85f\u2028g\u2029h\vi\n"]
    assert sources.split_lines_keepends("x\ny") == ["x\n", "y"]
    assert sources.line_starts("a\rb\r\nc") == [0, 2, 5]
