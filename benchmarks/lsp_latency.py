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
median and the 90th percentile of the round trips are printed. Target: median under 50 ms.
"""

from __future__ import annotations

import argparse
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


def measure(source: str, runs: int) -> tuple[list[float], int]:
    """Round trips in seconds, and how many diagnostics the file has."""
    with tempfile.TemporaryDirectory(prefix="jaxpure-lsp-bench-") as workspace:
        root = Path(workspace)
        client = LspClient(root)
        try:
            client.initialize(root)
            uri = client.open(root / "module.py", source)
            found = client.diagnostics(uri, version=1, timeout=120)
            times = []
            for version in range(2, 2 + WARM_UP + runs):
                text = f"{source.rstrip()}\n# edit {version}\n"
                started = time.perf_counter()
                client.change(uri, text, version)
                client.diagnostics(uri, version=version, timeout=60)
                times.append(time.perf_counter() - started)
            client.close()
        finally:
            client.kill()
    return times[WARM_UP:], len(found)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--file", type=Path, help="the file to edit (default: a median-size one)")
    parser.add_argument("--corpus", type=Path, help="pick the median-size JAX file under DIR")
    parser.add_argument("--runs", type=int, default=30, help="timed changes (default 30)")
    args = parser.parse_args()
    file = args.file or median_file(corpus_files(args.corpus))
    source = file.read_text(encoding="utf-8")
    times, found = measure(source, args.runs)
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    print(f"file: {file} ({len(source.splitlines())} lines, {len(source)} characters, "
          f"{found} diagnostics)")
    print(f"didChange -> publishDiagnostics over {len(ms)} changes (warm): median "
          f"{statistics.median(ms):.1f} ms, p90 {p90:.1f} ms, min {ms[0]:.1f} ms, "
          f"max {ms[-1]:.1f} ms (target: median under 50 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
