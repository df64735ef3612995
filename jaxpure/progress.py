"""A progress line on stderr for long runs: ``checked 120/900 files, 4.1 s``, erased at the end.

Shown only when stderr is a terminal, the run has taken more than about a second, and
nothing asked for silence (``--quiet``) or for machine-readable output on stdout (a
terminal showing both would interleave them). Redrawn at most ten times a second.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

DELAY_SECONDS = 1.0
REDRAW_SECONDS = 0.1
MACHINE_FORMATS = frozenset({"json", "json-lines", "sarif"})


class Progress:
    def __init__(self, total: int, stream: TextIO | None = None, delay: float | None = None) -> None:
        self.total, self.done = total, 0
        self.stream = stream if stream is not None else sys.stderr
        # the environment variable lets tests see the line without a slow run
        self.delay = delay if delay is not None else float(
            os.environ.get("JAXPURE_PROGRESS_DELAY", DELAY_SECONDS))
        self.started = time.monotonic()
        self._drawn_at: float | None = None

    def tick(self) -> None:
        self.done = min(self.done + 1, self.total)
        now = time.monotonic()
        if now - self.started < self.delay:
            return
        if self._drawn_at is not None and now - self._drawn_at < REDRAW_SECONDS \
                and self.done < self.total:
            return
        self._drawn_at = now
        self._write(f"\r\033[Kchecked {self.done}/{self.total} files, {now - self.started:.1f} s")

    def close(self) -> None:
        if self._drawn_at is not None:
            self._write("\r\033[K")
            self._drawn_at = None

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self._drawn_at = None


def wanted(quiet: bool, fmt: str, to_file: bool, stream: TextIO | None = None) -> bool:
    stream = stream if stream is not None else sys.stderr
    if quiet or (fmt in MACHINE_FORMATS and not to_file):
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
