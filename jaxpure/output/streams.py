"""Writing rendered output to a stream that may be closed, full, or unable to encode a name.

A file name that is not valid UTF-8 reaches the text formats as lone surrogates
(``surrogateescape``); they are written back as the name's own bytes, so the printed path
opens the file. A closed standard output, a full disk (``> /dev/full``) or another write
error becomes :class:`OutputError`: one line on stderr and exit 2, not a traceback.
"""

from __future__ import annotations

from typing import TextIO


class OutputError(Exception):
    """Findings could not be written; the message is one line for stderr."""


def write_output(stream: TextIO | None, text: str, what: str = "standard output") -> None:
    """Write and flush ``text``; raise OutputError (BrokenPipeError passes: `| head`)."""
    if stream is None:
        raise OutputError(f"cannot write the results: {what} is closed")
    try:
        try:
            stream.write(text)
        except UnicodeEncodeError:
            stream.flush()
            stream.buffer.write(_encode(text, stream.encoding or "utf-8"))
        stream.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as error:  # ValueError: the stream was closed under us
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise OutputError(f"cannot write the results to {what}: {reason.lower()}") from None


def _encode(text: str, encoding: str) -> bytes:
    try:
        return text.encode(encoding, "surrogateescape")  # a file name's own bytes
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace")
