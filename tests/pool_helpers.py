"""Functions the worker-pool tests run in worker processes (a module without pytest, so a
worker imports it quickly)."""

from __future__ import annotations

import os
import signal
import time


def no_setup() -> None:
    pass


def square_or_die(item: int) -> int:
    if item == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # as a segfault in native code would
    if item == 5:
        time.sleep(600)  # as a hang in native code would: deaf to everything inside
    return item * item
