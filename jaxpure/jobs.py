"""The default of ``--jobs``: one process for small inputs, every core for large ones.

Starting a worker pool costs each worker a Python start and libcst's import (about 0.6 CPU
seconds per worker without the code cache), which pays only once there is enough to check:
``benchmarks/jobs_crossover.py`` measured -j2 overtaking -j1 between 274 KB (6,400 lines:
even) and 491 KB (11,200 lines: 0.75 of the serial time) of JAX code on 2 idle cores (docs/
performance.md). Below the threshold a run stays serial whatever the file count; above it,
the runner still checks fewer than its pool minimum of uncached files serially.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

# the total size of the files to check from which the pool pays for its start
PARALLEL_FROM_BYTES = 400_000


def default_workers(paths: Iterable[str], cores: int | None = None) -> int:
    """Worker processes for checking ``paths`` when ``--jobs`` is not given."""
    if cores is None:
        from jaxpure.runner import default_jobs  # the cores this process may use

        cores = default_jobs()
    if cores <= 1:
        return 1
    total = 0
    for path in paths:
        try:
            total += os.stat(path).st_size
        except OSError:
            continue  # the runner reports it
        if total >= PARALLEL_FROM_BYTES:
            return cores
    return 1
