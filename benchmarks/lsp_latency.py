#!/usr/bin/env python3
"""Time from a ``didChange`` to its ``publishDiagnostics`` in ``jaxpure server`` (warm).

Usage (from the repository root, with the venv that has jaxpure[lsp] installed)::

    python benchmarks/lsp_latency.py                 # median-size JAX file, 30 changes
    python benchmarks/lsp_latency.py --runs 100 --file path/to/module.py
    python benchmarks/lsp_latency.py --corpus DIR    # the median-size JAX file under DIR

The file is the median-size (by bytes) of the files that mention ``jax`` in the corpus:
``--corpus``, else the libraries of ``benchmarks/bench.py`` when ``.bench/venv`` exists,
else the installed ``jax`` package's ``_src`` modules (read as text, never imported). It is copied
into an empty temporary workspace, opened, and changed ``--runs`` times after a few warm-up
changes (each change edits a comment, so the text differs and the analysis is redone); the
median and the 90th percentile of the round trips are printed, and the server's CPU time per
change (Linux), which is what a round trip takes when a core is free. Target: median under
50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from lsp_client import LspClient  # noqa: E402

BENCH_LIBRARIES = ("flax", "optax", "equinox", "chex")
WARM_UP = 5


def corpus_files(corpus: Path | None) -> list[Path]:
    if corpus is not None:
        return sorted(corpus.rglob("*.py"))
    bench = sorted((ROOT / ".bench" / "venv" / "lib").glob("python*/site-packages"))
    if bench and all((bench[0] / name).is_dir() for name in BENCH_LIBRARIES):
        return sorted(f for name in BENCH_LIBRARIES for f in (bench[0] / name).rglob("*.py"))
    spec = find_spec("jax")  # locates the package without running its __init__
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("no corpus: pass --file or --corpus (jax is not installed)")
    # its implementation modules: the public ones are mostly re-exports, shorter than usual
    return sorted((Path(list(spec.submodule_search_locations)[0]) / "_src").rglob("*.py"))


def median_file(files: list[Path]) -> Path:
    with_jax = sorted((f for f in files if b"jax" in f.read_bytes()), key=lambda f: f.stat().st_size)
    if not with_jax:
        raise SystemExit("no file in the corpus mentions jax")
    return with_jax[len(with_jax) // 2]


def process_cpu(pid: int) -> float | None:
    """CPU seconds the process has used (Linux: /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(source: str, runs: int) -> tuple[list[float], int, float | None]:
    """Round trips in seconds, how many diagnostics the file has, and the server's mean CPU
    seconds per change (on a busy machine the round trip waits for a core; the CPU time is
    what it takes on an idle one)."""
    with tempfile.TemporaryDirectory(prefix="jaxpure-lsp-bench-") as workspace:
        root = Path(workspace)
        client = LspClient(root)
        try:
            client.initialize(root)
            uri = client.open(root / "module.py", source)
            found = client.diagnostics(uri, version=1, timeout=120)
            times = []
            cpu_start = None
            for version in range(2, 2 + WARM_UP + runs):
                if version == 2 + WARM_UP:
                    cpu_start = process_cpu(client.process.pid)
                text = f"{source.rstrip()}\n# edit {version}\n"
                started = time.perf_counter()
                client.change(uri, text, version)
                client.diagnostics(uri, version=version, timeout=60)
                times.append(time.perf_counter() - started)
            cpu_end = process_cpu(client.process.pid)
            client.close()
        finally:
            client.kill()
    cpu = (cpu_end - cpu_start) / runs if cpu_start is not None and cpu_end is not None else None
    return times[WARM_UP:], len(found), cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, help="the file to edit (default: a median-size one)")
    parser.add_argument("--corpus", type=Path, help="pick the median-size JAX file under DIR")
    parser.add_argument("--runs", type=int, default=30, help="timed changes (default 30)")
    args = parser.parse_args()
    file = args.file or median_file(corpus_files(args.corpus))
    source = file.read_text(encoding="utf-8")
    times, found, cpu = measure(source, args.runs)
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    print(f"file: {file} ({len(source.splitlines())} lines, {len(source)} characters, "
          f"{found} diagnostics)")
    print(f"didChange -> publishDiagnostics over {len(ms)} changes (warm): median "
          f"{statistics.median(ms):.1f} ms, p90 {p90:.1f} ms, min {ms[0]:.1f} ms, "
          f"max {ms[-1]:.1f} ms (target: median under 50 ms)")
    if cpu is not None:
        print(f"server CPU time per change: {cpu * 1000:.1f} ms (the round trip on an idle core)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
