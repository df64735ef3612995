#!/usr/bin/env python3
"""Where ``jaxpure check -j2`` starts beating ``-j1``: the default of ``--jobs`` (jaxpure/jobs.py).

Usage (from the repository root, with the venv that has jaxpure installed)::

    python benchmarks/jobs_crossover.py                  # 3 runs per point
    python benchmarks/jobs_crossover.py --runs 5 --jobs 4 --corpus DIR

For each count of files (2, 4, ..., 96), that many files that mention ``jax`` (the installed
``jax`` package's ``_src`` modules, read as text and never imported, or ``--corpus``; taken
in a fixed shuffled order, so sizes are mixed as in a project) are copied to a temporary
directory and checked with ``--no-cache`` serially and with ``--jobs N``, alternately, each
point ``--runs`` times; the medians are printed with the files' lines and bytes. The
crossover is the smallest point from which the parallel run is faster at every point.
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

COUNTS = (2, 4, 8, 12, 16, 24, 32, 48, 64, 96)


def corpus(directory: Path | None) -> list[Path]:
    if directory is None:
        spec = find_spec("jax")  # locates the package without running its __init__
        if spec is None or not spec.submodule_search_locations:
            raise SystemExit("no corpus: pass --corpus (jax is not installed)")
        directory = Path(list(spec.submodule_search_locations)[0]) / "_src"
    files = [f for f in sorted(directory.rglob("*.py")) if b"jax" in f.read_bytes()]
    random.Random(0).shuffle(files)
    return files


def time_check(directory: Path, jobs: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the process and its workers) of one cold check."""
    command = [sys.executable, "-m", "jaxpure", "check", "--no-cache", "--exit-zero", "--quiet",
               "--jobs", str(jobs), str(directory)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"jaxpure check failed ({done.returncode}): {done.stderr[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def idle_estimate(serial_cpu: float, parallel_cpu: float, startup_cpu: float, jobs: int) -> float:
    """The parallel run's wall time on a machine with ``jobs`` idle cores: the start-up is
    serial, the rest (the workers' start and the files) spreads over the workers."""
    return startup_cpu + max(parallel_cpu - startup_cpu, 0.0) / jobs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="a directory of JAX code (default: jax/_src)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="the parallel run's --jobs (default 2)")
    parser.add_argument("--counts", help="comma-separated file counts (default: "
                                         f"{','.join(map(str, COUNTS))})")
    args = parser.parse_args()
    files = corpus(args.corpus)
    wanted = [int(n) for n in args.counts.split(",")] if args.counts else COUNTS
    counts = [n for n in wanted if n <= len(files)]
    j = args.jobs
    faster: list[tuple[int, int, int, bool]] = []
    idle_faster: list[tuple[int, int, int, bool]] = []
    with tempfile.TemporaryDirectory(prefix="jaxpure-jobs-") as temporary:
        empty = Path(temporary) / "startup"
        empty.mkdir()
        (empty / "m.py").write_text("import jax\n")
        startup = statistics.median(time_check(empty, 1)[1] for _ in range(args.runs))
        print(f"start-up (one tiny file, -j1): {startup:.2f} CPU s\n")
        print(f"| files | lines | KB | -j1 s | -j{j} s | -j{j} / -j1 | -j1 CPU s | -j{j} CPU s "
              f"| -j{j} / -j1, {j} idle cores (estimate) |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for count in counts:
            directory = Path(temporary) / f"n{count}"
            directory.mkdir()
            for index, source in enumerate(files[:count]):
                shutil.copy(source, directory / f"m{index}_{source.name}")
            lines = sum(len(f.read_bytes().splitlines()) for f in files[:count])
            size = sum(f.stat().st_size for f in files[:count])
            serial, parallel = [], []
            for _ in range(args.runs):  # alternately, so load drift hits both alike
                serial.append(time_check(directory, 1))
                parallel.append(time_check(directory, j))
            one, many = (statistics.median(t[0] for t in runs) for runs in (serial, parallel))
            one_cpu, many_cpu = (statistics.median(t[1] for t in runs) for runs in (serial, parallel))
            estimate = idle_estimate(one_cpu, many_cpu, startup, j) / one_cpu
            faster.append((count, lines, size, many < one))
            idle_faster.append((count, lines, size, estimate < 1))
            print(f"| {count} | {lines} | {size // 1000} | {one:.2f} | {many:.2f} | {many / one:.2f} "
                  f"| {one_cpu:.2f} | {many_cpu:.2f} | {estimate:.2f} |", flush=True)
    print()
    for label, points in (("measured", faster), (f"estimated for {j} idle cores", idle_faster)):
        print(f"crossover, {label}: {describe(crossover(points), j)}")
    return 0


def crossover(points: list[tuple[int, int, int, bool]]) -> tuple[int, int, int, bool] | None:
    """The first point from which the parallel run is faster at every point."""
    return next((point for i, point in enumerate(points) if all(p[3] for p in points[i:])), None)


def describe(point: tuple[int, int, int, bool] | None, jobs: int) -> str:
    if point is None:
        return f"-j{jobs} was not faster at the largest point"
    count, lines, size, _ = point
    return f"-j{jobs} is faster from {count} files ({lines} lines, {size // 1000} KB) on"


if __name__ == "__main__":
    sys.exit(main())
