"""Reading and decoding Python source files: the one place that knows how.

Used by the engine, the runner, the CLI and the flake8 plugin, so that all of them agree on
the size limit, the encoding (a BOM, a PEP 263 coding line) and on what a line is. Imports
nothing heavy: the runner reads files without loading libcst.

Lines are Python's tokenizer's: they end at ``\\n``, ``\\r\\n`` or a lone ``\\r`` and
nowhere else. ``str.splitlines`` also splits at form feed, ``\\v``, ``\\x1c``-``\\x1e``,
``\\x85``, U+2028 and U+2029, which Python (and libcst, whose positions every finding
carries) treats as ordinary characters; it must not be used on source text.
"""

from __future__ import annotations

import errno
import io
import os
import re
import stat
import tokenize

# Larger files are generated code, almost always; checked from the file's size so a huge
# file is never read into memory.
MAX_FILE_BYTES = 2_000_000
# A notebook's outputs (plots as base64) dwarf its code: MAX_FILE_BYTES applies to its code
# cells once they are read (engine.analyze_source), this limit to the whole JSON file.
MAX_NOTEBOOK_BYTES = 50_000_000

LINE_BREAK = re.compile(r"\r\n|\r|\n")
# the start of every line: for re.MULTILINE-like searches that also know a lone \r
LINE_START = r"(?:^|(?<=[\r\n]))"

DECODE_ERRORS = (UnicodeDecodeError, SyntaxError, LookupError)


def split_lines(text: str) -> list[str]:
    """The lines of ``text`` without their line breaks (an empty last line when ``text`` ends
    with a break, as the row after the last break exists for positions)."""
    return LINE_BREAK.split(text)


def split_lines_keepends(text: str) -> list[str]:
    """The lines of ``text``, each with its own line break; no empty last line."""
    lines: list[str] = []
    start = 0
    for match in LINE_BREAK.finditer(text):
        lines.append(text[start:match.end()])
        start = match.end()
    if start < len(text):
        lines.append(text[start:])
    return lines


def line_starts(text: str) -> list[int]:
    """The offset of the first character of each line (row r starts at ``[r - 1]``)."""
    return [0, *(match.end() for match in LINE_BREAK.finditer(text))]


def decode(data: bytes) -> str:
    """Decode Python source honouring a BOM and a PEP 263 coding line.

    Raises one of ``DECODE_ERRORS`` when the bytes are not text in the declared encoding.
    """
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    text = data.decode(encoding)
    return text[1:] if text.startswith("\ufeff") else text


def encoding_of(data: bytes) -> str:
    """The encoding ``decode`` used: ``utf-8-sig`` when the file has a BOM."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    return encoding


def encode_like(original: bytes, text: str) -> bytes:
    """Encode ``text`` as ``original`` was: same PEP 263 encoding, same BOM."""
    return text.encode(encoding_of(original))  # "utf-8-sig" writes the BOM back


def too_large_message(size: int, limit: int = MAX_FILE_BYTES) -> str:
    return (f"skipped: file is {size / 1e6:.1f} MB, over the {limit / 1e6:.0f} MB limit "
            "for one file (generated code?); exclude it in [tool.jaxpure] exclude")


def read_source(path: str) -> tuple[bytes, None] | tuple[None, str]:
    """The file's bytes, or a one-line reason it cannot be checked.

    Never blocks: the file is opened with ``O_NONBLOCK`` (a FIFO named ``x.py`` would
    otherwise wait for a writer forever) and anything but a regular file is refused.
    """
    limit = MAX_NOTEBOOK_BYTES if path.lower().endswith(".ipynb") else MAX_FILE_BYTES
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                             | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        return None, _open_problem(error)
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            return None, not_regular_message(info.st_mode)
        if info.st_size > limit:
            return None, too_large_message(info.st_size, limit)
        data = _read_at_most(descriptor, limit + 1)
    except OSError as error:
        return None, f"cannot read file: {_strerror(error)}"
    finally:
        os.close(descriptor)
    if len(data) > limit:  # grew after fstat
        return None, too_large_message(len(data), limit)
    return data, None


def _read_at_most(descriptor: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(descriptor, min(limit - size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _open_problem(error: OSError) -> str:
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a Python file"
    if isinstance(error, FileNotFoundError):
        return "file vanished before it could be read"
    if isinstance(error, PermissionError):
        return "permission denied"
    if error.errno in (errno.ENXIO, errno.EOPNOTSUPP):  # a socket, a device without a driver
        return "not a regular file, skipped"
    return f"cannot read file: {_strerror(error)}"


def not_regular_message(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a directory, not a Python file"
    kind = ("a FIFO (named pipe)" if stat.S_ISFIFO(mode) else
            "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    return f"is {kind}, not a regular file; not read" if kind.startswith("a ") else f"{kind}; not read"


def _strerror(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


# --- writing a fixed file back ------------------------------------------------------------
# In place, into the same inode: hard links, mode bits (setuid/setgid included), owner,
# extended attributes and ACLs stay as they are, and no temporary file is ever created in
# the user's tree (a kill -9 could leave it there). Before the file is touched, its old
# content is copied to a backup outside the tree (the system's temporary directory) and
# read back; the backup is removed once the new content is written and verified, and it is
# what restores the file when a write fails half-way (a full disk).

def write_in_place(path: str, expected: bytes, new_data: bytes) -> str | None:
    """Replace the file's content with ``new_data`` if it still is ``expected``; None, or
    a one-line reason why nothing was written."""
    target = os.path.realpath(path)  # a symlink's target, not the link
    try:
        info = os.stat(target)
    except OSError as error:
        return f"not fixed: cannot re-read the file ({_strerror(error)})"
    if not stat.S_ISREG(info.st_mode):
        return f"not fixed: the file {not_regular_message(info.st_mode)}"
    if not info.st_mode & 0o222 or not os.access(target, os.W_OK):
        return "not fixed: the file is read-only (make it writable to apply fixes)"
    try:
        descriptor = os.open(target, os.O_RDWR | getattr(os, "O_NONBLOCK", 0)
                             | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        return f"not fixed: cannot open the file for writing ({_strerror(error)})"
    try:
        return _replace_content(descriptor, expected, new_data, stat.S_IMODE(info.st_mode))
    finally:
        os.close(descriptor)


def _replace_content(descriptor: int, expected: bytes, new_data: bytes, mode: int) -> str | None:
    try:
        current = _read_at_most(descriptor, len(expected) + 1)
    except OSError as error:
        return f"not fixed: cannot re-read the file ({_strerror(error)})"
    if current != expected:
        return "not fixed: the file changed on disk while it was being checked; run again"
    try:
        backup = _backup(expected)
    except OSError as error:
        return f"not fixed: cannot save a backup copy first ({_strerror(error)})"
    try:
        problem = _reserve(descriptor, len(expected), len(new_data))
        if problem is None:
            problem = _write_verified(descriptor, new_data)
            if problem is not None and _write_verified(descriptor, expected) is not None:
                return f"{problem}; the file may be damaged: its old content is in {backup}"
        if problem is None:
            _restore_mode(descriptor, mode)
    except BaseException:  # KeyboardInterrupt mid-write: put the old content back
        if _write_verified(descriptor, expected) is not None:
            backup = ""  # keep the backup: it is the only copy now
        raise
    finally:
        if backup:
            _remove_quietly(backup)
    return problem


def _backup(data: bytes) -> str:
    import tempfile

    descriptor, name = tempfile.mkstemp(prefix="jaxpure-backup-", suffix=".py")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
        with open(name, "rb") as handle:
            if handle.read() != data:
                raise OSError(errno.EIO, "the backup copy does not read back")
    except BaseException:
        _remove_quietly(name)
        raise
    return name


def _reserve(descriptor: int, old_size: int, size: int) -> str | None:
    """Allocate the file's new size first, so a full disk fails before anything is written."""
    if size <= old_size or not hasattr(os, "posix_fallocate"):
        return None
    try:
        os.posix_fallocate(descriptor, 0, size)
    except OSError as error:
        if error.errno not in (errno.ENOSPC, errno.EDQUOT):
            return None  # EOPNOTSUPP, EINVAL: cannot reserve here; write and verify anyway
        try:
            os.ftruncate(descriptor, old_size)  # a failed reservation may have grown the file
        except OSError:
            pass
        return f"not fixed: {_strerror(error)}"
    return None


def _write_verified(descriptor: int, data: bytes) -> str | None:
    try:
        _write_all(descriptor, data)
        os.ftruncate(descriptor, len(data))
        os.fsync(descriptor)
        os.lseek(descriptor, 0, os.SEEK_SET)
        if _read_at_most(descriptor, len(data) + 1) != data:
            return "not fixed: the written file does not read back as written"
    except OSError as error:
        return f"not fixed: cannot write the file ({_strerror(error)})"
    return None


def _write_all(descriptor: int, data: bytes) -> None:
    written = 0
    if not hasattr(os, "pwrite"):  # Windows
        os.lseek(descriptor, 0, os.SEEK_SET)
    while written < len(data):
        if hasattr(os, "pwrite"):
            written += os.pwrite(descriptor, data[written:], written)
        else:
            written += os.write(descriptor, data[written:])


def _restore_mode(descriptor: int, mode: int) -> None:
    """The kernel drops setuid/setgid when a user without CAP_FSETID writes; put them back."""
    try:
        if stat.S_IMODE(os.fstat(descriptor).st_mode) != mode and hasattr(os, "fchmod"):
            os.fchmod(descriptor, mode)
    except OSError:
        pass  # not the owner: as any editor writing the file would


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def read_standard_input() -> tuple[bytes, None] | tuple[None, str]:
    """All of standard input, or a one-line reason it cannot be read (closed: ``<&-``)."""
    import sys

    stream = sys.stdin
    if stream is None:
        return None, "standard input is closed"
    try:
        return stream.buffer.read(), None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        return None, f"cannot read standard input: {reason.lower()}"
