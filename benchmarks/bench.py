#!/usr/bin/env python3
"""Benchmark jaxpure against flake8, Fixit, ruff and a bare libcst parse on real JAX code.

Usage (from the repository root, with the venv that has jaxpure installed)::

    python benchmarks/bench.py                # flax + optax + equinox + chex, 3 runs each
    python benchmarks/bench.py --large        # + jax, haiku, distrax, jraph, orbax, jaxtyping
    python benchmarks/bench.py --runs 5
    python benchmarks/bench.py --survey       # findings per rule and per 100k lines
    python benchmarks/bench.py --profile      # cProfile of a cold serial run, top entries

The corpus and the other tools are pip-installed into ``.bench/`` (gitignored): one venv
with the corpus libraries, flake8 (default plugins only), Fixit and ruff, and a second one
with flake8 + flake8-bugbear, because flake8 runs every installed plugin. jaxpure itself
runs from the interpreter running this script. Tools are timed alternately (run 1 of every
tool, then run 2, ...) so drift in machine load spreads over all of them; the median is shown.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_DIR = ROOT / ".bench"

CORPUS = {"flax": "flax", "optax": "optax", "equinox": "equinox", "chex": "chex"}
LARGE_CORPUS = {"jax": "jax", "dm-haiku": "haiku", "distrax": "distrax", "jraph": "jraph",
                "orbax-checkpoint": "orbax", "jaxtyping": "jaxtyping"}
TOOLS = ["flake8", "fixit", "ruff"]
BUGBEAR_TOOLS = ["flake8", "flake8-bugbear"]


@dataclass(frozen=True)
class Case:
    name: str
    argv: list[str]
    before: str | None = None  # a preparation step's name, run untimed before each timing
    max_runs: int | None = None  # for tools too slow to repeat (Fixit takes minutes)


def sh(argv: Sequence[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(list(argv), check=False, text=True, capture_output=True, **kwargs)


def ensure_venv(path: Path, packages: Sequence[str]) -> Path:
    """A venv at ``path`` with ``packages`` installed; reused when the list is unchanged."""
    python = path / "bin" / "python"
    stamp = path / f".installed-{hashlib.sha256(' '.join(packages).encode()).hexdigest()[:12]}"
    if stamp.exists():
        return python
    if not python.exists():
        print(f"creating {path}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(path)], check=True)
    print(f"installing into {path}: {' '.join(packages)} (this takes a while)", file=sys.stderr)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", *packages], check=True)
    stamp.touch()
    return python


def site_packages(python: Path) -> Path:
    out = sh([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    return Path(out.stdout.strip())


def copy_corpus(packages: Path, names: Sequence[str], destination: Path) -> list[str]:
    """Copy the corpus's Python files out of the venv and the repository.

    Every tool then reads identical input, and none of them skips it for being inside a
    gitignored ``.bench/`` (Fixit and ruff honour the repository's .gitignore).
    """
    dirs = []
    for name in names:
        source = packages / name
        if not source.is_dir():
            continue
        target = destination / name
        shutil.copytree(source, target, ignore=_not_python)
        dirs.append(str(target))
    return dirs


def _not_python(directory: str, names: list[str]) -> set[str]:
    return {n for n in names if n == "__pycache__" or
            (not n.endswith((".py", ".pyi")) and not os.path.isdir(os.path.join(directory, n)))}


def corpus_files(dirs: Sequence[Path]) -> list[Path]:
    """Exactly the files jaxpure checks in ``dirs`` (its own discovery)."""
    from jaxpure.discovery import Excluder, discover

    return list(discover([str(d) for d in dirs], Excluder(Path.cwd())).files)


def count_lines(files: Sequence[Path]) -> int:
    total = 0
    for file in files:
        with open(file, "rb") as handle:
            total += sum(1 for _ in handle)
    return total


# exit codes that mean "ran to completion" (1: findings were reported)
COMPLETED = (0, 1)


def time_once(argv: Sequence[str], env: dict[str, str] | None = None) -> float:
    """Wall time of one run; a run that crashed or refused counts as NaN, with its stderr."""
    return measure_once(argv, env)[0]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_once(argv: Sequence[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of one run. CPU time counts the process and every worker it waited
    for: on a shared host it moves much less than wall time when other work competes."""
    start, start_cpu = time.perf_counter(), _children_cpu()
    with tempfile.TemporaryFile() as errors:
        done = subprocess.run(list(argv), stdout=subprocess.DEVNULL, stderr=errors, check=False,
                              env=env)
        elapsed, cpu = time.perf_counter() - start, _children_cpu() - start_cpu
        if done.returncode in COMPLETED:
            return elapsed, cpu
        errors.seek(0)
        tail = errors.read().decode(errors="replace").strip().splitlines()[-5:]
    print(f"  FAILED (exit {done.returncode}): {' '.join(argv)[:160]}", file=sys.stderr)
    for line in tail:
        print(f"    {line}", file=sys.stderr)
    return float("nan"), float("nan")


def jaxpure_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "jaxpure", "check", "--isolated", *args]


def parse_script(file_list: Path) -> str:
    return ("import libcst, sys\n"
            f"for p in open({str(file_list)!r}).read().splitlines():\n"
            "    try:\n"
            "        libcst.parse_module(open(p, 'rb').read())\n"
            "    except Exception:\n"
            "        pass\n")


def build_cases(dirs: list[str], file_list: Path, venv_python: Path, bugbear_python: Path,
                cache_dir: Path, fixit_runs: int) -> list[Case]:
    bin_dir, bb_bin = venv_python.parent, bugbear_python.parent
    for tool in (bin_dir / "flake8", bin_dir / "fixit", bin_dir / "ruff", bb_bin / "flake8"):
        if not tool.exists():
            raise SystemExit(f"missing {tool}: delete .bench/ and run again to reinstall")
    return [
        Case("jaxpure cold (--no-cache -j1)", jaxpure_argv("--no-cache", "--jobs", "1", *dirs)),
        Case("jaxpure cold (--no-cache -j2)", jaxpure_argv("--no-cache", "--jobs", "2", *dirs)),
        Case("jaxpure warm cache", jaxpure_argv("--cache-dir", str(cache_dir), *dirs), before="prime"),
        Case("libcst parse only (1 process)", [sys.executable, "-c", parse_script(file_list)]),
        Case("flake8 -j1", [str(bin_dir / "flake8"), "-j1", "--exit-zero", *dirs]),
        Case("flake8 -j2", [str(bin_dir / "flake8"), "-j2", "--exit-zero", *dirs]),
        Case("flake8 + bugbear -j1", [str(bb_bin / "flake8"), "-j1", "--exit-zero", *dirs]),
        Case("fixit lint (all cores)", [str(bin_dir / "fixit"), "lint", *dirs], max_runs=fixit_runs),
        Case("ruff check", [str(bin_dir / "ruff"), "check", "--no-cache", "--exit-zero",
                            "--isolated", "--select", "E,F,W,B", *dirs]),
    ]


def run_benchmark(cases: list[Case], runs: int, dirs: list[str],
                  cache_dir: Path) -> tuple[dict[str, float], dict[str, float]]:
    """Median wall and median CPU seconds per case."""
    samples: dict[str, list[float]] = {case.name: [] for case in cases}
    cpu_samples: dict[str, list[float]] = {case.name: [] for case in cases}
    for run in range(runs):
        for case in cases:
            if case.max_runs is not None and run >= case.max_runs:
                continue
            if case.before == "prime":
                shutil.rmtree(cache_dir, ignore_errors=True)
                sh(jaxpure_argv("--cache-dir", str(cache_dir), *dirs))
            seconds, cpu = measure_once(case.argv)
            samples[case.name].append(seconds)
            cpu_samples[case.name].append(cpu)
            print(f"  run {run + 1}/{runs}  {case.name:34} {seconds:8.2f} s  (CPU {cpu:6.2f} s)",
                  file=sys.stderr)
    return _medians(samples), _medians(cpu_samples)


def _medians(samples: dict[str, list[float]]) -> dict[str, float]:
    # failed runs are left out; a tool that never completed shows as nan
    return {name: statistics.median([v for v in values if v == v] or [float("nan")])
            for name, values in samples.items()}


def one_file_times(file: Path, runs: int, flake8: Path) -> dict[str, float]:
    """The pre-commit case: one file, checked in a fresh process.

    "changed" is what a commit hook sees: the project was checked before (the cache directory
    exists, with the engine's code cache), but this file's result is not cached because it was
    just edited. "first run ever" has no cache directory at all.
    """
    count = max(runs, 7)
    first = [time_once(jaxpure_argv("--no-cache", str(file))) for _ in range(count)]
    with tempfile.TemporaryDirectory() as cache:
        sh(jaxpure_argv("--cache-dir", cache, str(file)))
        changed = []
        for _ in range(count):
            shutil.rmtree(Path(cache) / "v2", ignore_errors=True)  # results only
            changed.append(time_once(jaxpure_argv("--cache-dir", cache, str(file))))
        sh(jaxpure_argv("--cache-dir", cache, str(file)))
        warm = [time_once(jaxpure_argv("--cache-dir", cache, str(file))) for _ in range(count)]
    bare = [time_once([sys.executable, "-c", "pass"]) for _ in range(count)]
    # flake8 has no cache: every run of its hook is a "first run"
    flake8_runs = [time_once([str(flake8), "--isolated", "--exit-zero", str(file)]) for _ in range(count)]
    return {"changed (pre-commit)": statistics.median(changed),
            "first run ever (--no-cache)": statistics.median(first),
            "unchanged (cached)": statistics.median(warm),
            "flake8 (default plugins), same file": statistics.median(flake8_runs),
            "python -c pass (floor)": statistics.median(bare)}


def print_one_file_times(files: Sequence[Path], runs: int, venv: Path) -> None:
    largest = max(files, key=lambda f: f.stat().st_size)
    # a file that never mentions JAX is answered without libcst; time one that does
    jax_files = sorted((f for f in files if b"jax" in f.read_bytes()), key=lambda f: f.stat().st_size)
    typical = jax_files[len(jax_files) // 2]
    print("\n| one-file check (pre-commit) | seconds (median) |\n|---|---:|")
    for label, file in (("median-size JAX file", typical), ("largest file", largest)):
        for name, seconds in one_file_times(file, runs, venv.parent / "flake8").items():
            print(f"| {label} ({file.name}, {count_lines([file])} lines): {name} | {seconds:.3f} |")


def import_time_top(count: int = 12) -> list[tuple[int, str]]:
    out = sh([sys.executable, "-X", "importtime", "-c", "import jaxpure.cli"])
    entries = []
    for line in out.stderr.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(.*)", line)
        if match:
            entries.append((int(match.group(2)), match.group(3).rstrip()))
    return sorted(entries, reverse=True)[:count]


def print_table(medians: dict[str, float], lines: int, cpu: dict[str, float]) -> None:
    print("\n| tool | seconds (median) | µs/line | CPU seconds (median) |\n|---|---:|---:|---:|")
    for name, seconds in medians.items():
        print(f"| {name} | {seconds:.2f} | {seconds / lines * 1e6:.1f} | {cpu[name]:.2f} |")
    cold = medians["jaxpure cold (--no-cache -j1)"]
    cold2 = medians["jaxpure cold (--no-cache -j2)"]
    ratios = [
        ("jaxpure cold -j1 / flake8 -j1", cold / medians["flake8 -j1"]),
        ("jaxpure cold -j2 / flake8 -j2", cold2 / medians["flake8 -j2"]),
        ("jaxpure cold -j1 / flake8+bugbear -j1", cold / medians["flake8 + bugbear -j1"]),
        ("fixit (all cores) / jaxpure cold -j1", medians["fixit lint (all cores)"] / cold),
        ("fixit (all cores) / jaxpure cold -j2", medians["fixit lint (all cores)"] / cold2),
        ("jaxpure cold -j1 / libcst parse", cold / medians["libcst parse only (1 process)"]),
        ("jaxpure cold -j1 / ruff", cold / medians["ruff check"]),
        ("jaxpure cold -j1 / warm", cold / medians["jaxpure warm cache"]),
    ]
    print("\n| ratio | value |\n|---|---:|")
    for name, value in ratios:
        print(f"| {name} | {value:.2f}x |")
    # one process each, so CPU time is the work done, whatever else ran on the host
    cold_cpu = cpu["jaxpure cold (--no-cache -j1)"]
    print("\n| ratio of CPU time (single-process runs) | value |\n|---|---:|")
    for name, other in (("flake8 -j1", "flake8 -j1"), ("flake8+bugbear -j1", "flake8 + bugbear -j1"),
                        ("libcst parse", "libcst parse only (1 process)")):
        print(f"| jaxpure cold -j1 / {name} | {cold_cpu / cpu[other]:.2f}x |")


def survey(dirs: list[str], lines: int) -> None:
    out = sh(jaxpure_argv("--no-cache", "--output-format", "json", "--exit-zero", *dirs))
    findings = json.loads(out.stdout or "[]")
    counts = Counter(item["code"] for item in findings)
    errors = [line for line in out.stderr.splitlines() if line.startswith("error:")]
    print("\n| rule | findings | per 100k lines |\n|---|---:|---:|")
    for code, count in sorted(counts.items()):
        print(f"| {code} | {count} | {count / lines * 1e5:.1f} |")
    print(f"| total | {sum(counts.values())} | {sum(counts.values()) / lines * 1e5:.1f} |")
    print(f"\nfiles that could not be checked: {len(errors)}")
    for line in errors[:20]:
        print(f"    {line}")
    common = os.path.commonpath(dirs) if dirs else ""
    print("\nexamples (up to 5 per rule), for triaging false positives:\n```")
    for code in sorted(counts):
        for item in [f for f in findings if f["code"] == code][:5]:
            path = os.path.relpath(item["filename"], common)
            print(f"{path}:{item['location']['row']}: {code} {item['message'][:110]}")
    print("```")


def profile(dirs: list[str], top: int = 30) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        stats_file = Path(tmp) / "cold.prof"
        sh([sys.executable, "-m", "cProfile", "-o", str(stats_file), "-m", "jaxpure", "check",
            "--isolated", "--no-cache", "--jobs", "1", "--exit-zero", *dirs])
        import pstats

        for order in ("tottime", "cumulative"):
            print(f"\n### cProfile, cold run, --jobs 1, sorted by {order}\n```")
            pstats.Stats(str(stats_file), stream=sys.stdout).sort_stats(order).print_stats(top)
            print("```")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--large", action="store_true", help="add jax, haiku, distrax, jraph, orbax, "
                                                             "jaxtyping to the corpus")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per tool (median shown)")
    parser.add_argument("--fixit-runs", type=int, default=1,
                        help="timed Fixit runs (default 1: it takes minutes, and one run is enough "
                             "to tell a 5x ratio)")
    parser.add_argument("--survey", action="store_true", help="only count findings per rule")
    parser.add_argument("--profile", action="store_true", help="only profile a cold serial run")
    parser.add_argument("--one-file", action="store_true",
                        help="only time the one-file (pre-commit) case")
    parser.add_argument("--setup-only", action="store_true", help="install the venvs and stop")
    args = parser.parse_args(argv)

    corpus = {**CORPUS, **(LARGE_CORPUS if args.large else {})}
    BENCH_DIR.mkdir(exist_ok=True)
    venv = ensure_venv(BENCH_DIR / "venv", [*corpus, *TOOLS])
    bugbear = ensure_venv(BENCH_DIR / "venv-bugbear", BUGBEAR_TOOLS)
    if args.setup_only:
        return 0
    work = Path(tempfile.mkdtemp(prefix="jaxpure-bench-"))
    try:
        snapshot_jaxpure(work / "src")
        dirs = copy_corpus(site_packages(venv), list(corpus.values()), work / "corpus")
        return _measure(args, corpus, venv, bugbear, dirs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def snapshot_jaxpure(destination: Path) -> None:
    """Run a copy of jaxpure taken now, so edits made while the benchmark runs (which would
    also invalidate the cache between priming and the warm timing) do not leak into it."""
    shutil.copytree(ROOT / "jaxpure", destination / "jaxpure",
                    ignore=shutil.ignore_patterns("__pycache__"))
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(destination), os.environ.get("PYTHONPATH", "")) if p)
    # users' installs have .pyc files; without them every run recompiles jaxpure (~60 ms)
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def _measure(args: argparse.Namespace, corpus: dict[str, str], venv: Path, bugbear: Path,
             dirs: list[str]) -> int:
    files = corpus_files([Path(d) for d in dirs])
    lines = count_lines(files)
    print(f"# jaxpure benchmark, {datetime.date.today()}\n")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"load average before the run {os.getloadavg()[0]:.1f}")
    head = sh(["git", "-C", str(ROOT), "describe", "--always", "--dirty"]).stdout.strip()
    print(f"jaxpure: {head or 'unknown'} (working tree copied at start)")
    print(f"corpus: {', '.join(f'{p}' for p in corpus)}: {len(files)} files, {lines} lines")
    versions = sh([str(venv), "-m", "pip", "freeze"])
    wanted = {*corpus, *TOOLS, "libcst"}
    print("versions: " + ", ".join(line for line in versions.stdout.splitlines()
                                   if line.split("==")[0].lower() in wanted))
    if args.survey:
        survey(dirs, lines)
        return 0
    if args.profile:
        profile(dirs)
        return 0
    if args.one_file:
        print_one_file_times(files, args.runs, venv)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        file_list = Path(tmp) / "files.txt"
        file_list.write_text("\n".join(str(f) for f in files))
        cache_dir = Path(tmp) / "cache"
        cases = build_cases(dirs, file_list, venv, bugbear, cache_dir, args.fixit_runs)
        medians, cpu = run_benchmark(cases, args.runs, dirs, cache_dir)
    print_table(medians, lines, cpu)
    print_one_file_times(files, args.runs, venv)
    print("\n`python -X importtime -c 'import jaxpure.cli'`, top cumulative (µs):\n```")
    for micros, module in import_time_top():
        print(f"{micros:8d}  {module}")
    print("```")
    return 0


if __name__ == "__main__":
    sys.exit(main())
