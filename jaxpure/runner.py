"""Check (and fix) many files: cache look-ups, a process pool, atomic writes.

Workers (pool.py) are spawned, not forked (the engine never imports jax, but the same code
runs next to users' jax processes and spawn behaves alike on every OS), isolated from the
working directory, and die with the run; each receives the Settings once through its
initializer and returns small :class:`Outcome` values, never trees, so memory stays flat
in the number of files. A worker that dies or runs over the time limit costs only its
file. Everything here is importable without libcst: the engine is imported on the first
file that actually needs checking.
"""

from __future__ import annotations

import difflib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from types import TracebackType

from jaxpure.cache import ResultCache, content_hash, entry_key
from jaxpure.fastimport import code_cache_dir, import_engine
from jaxpure.analysis.module.summary import ModuleSummary, Seed
from jaxpure.findings import FileResult, Finding
from jaxpure.pool import Failure, TimeLimitExceeded, WorkerPool, deadline, sigterm_as_interrupt, time_limit
from jaxpure.settings import Settings
from jaxpure.sources import (
    DECODE_ERRORS,
    decode,
    encode_like,
    read_source,
    split_lines_keepends,
    write_in_place,
)

# Fixes can enable further fixes (or collide and be deferred); stop after a few rounds.
MAX_FIX_PASSES = 4
# Below this many files to check, starting worker processes (each imports libcst) costs
# more than it saves.
POOL_MIN_FILES = 8


@dataclass(frozen=True)
class Job:
    path: str  # as shown in output; also where the file is read from
    relpath: str  # relative to the project root, for per-file-ignores
    package: str | None  # dotted package of the module, for relative imports


@dataclass(frozen=True)
class FixMode:
    apply: bool = False  # --fix or --diff
    unsafe: bool = False
    write: bool = True  # False for --diff and stdin: report the fixed text instead

    @property
    def off(self) -> bool:
        return not self.apply


NO_FIX = FixMode()


@dataclass(frozen=True)
class Outcome:
    """What checking one file produced, including fixes applied (or that would be)."""

    result: FileResult  # remaining findings
    fixed: tuple[Finding, ...] = ()
    diff: str = ""  # --diff: the unified diff of the fixes
    fixed_text: str | None = None  # fixed source when it was not written (stdin)
    original_text: str | None = None  # the source before fixes, when fixes were applied
    # sha256 of the content ``result`` describes, when that content is what is on disk
    content_sha: str | None = None
    from_cache: bool = False
    # the module's summary, for analysis across modules (jaxpure.analysis.module.summary)
    summary: ModuleSummary | None = None


def default_jobs() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS, Windows
        return max(1, os.cpu_count() or 1)


def make_job(path: Path, root: Path) -> Job:
    absolute = os.path.abspath(path)
    relpath = Path(os.path.relpath(absolute, root)).as_posix()
    return Job(str(path), relpath, package_of(os.path.dirname(absolute)))


@lru_cache(maxsize=4096)
def package_of(directory: str) -> str | None:
    """``a.b`` for a module in ``a/b/`` when both directories have an ``__init__.py``."""
    parts: list[str] = []
    while os.path.isfile(os.path.join(directory, "__init__.py")):
        parent, name = os.path.split(directory)
        if not name.isidentifier() or parent == directory:
            break
        parts.append(name)
        directory = parent
    return ".".join(reversed(parts)) or None


# --- reading: jaxpure.sources (the names stay here for the CLI) --------------------------

decode_source = decode


def over_time_message(limit: float) -> str:
    return f"not checked: took longer than {limit:g} s (the per-file time limit)"




# --- checking and fixing one file ---------------------------------------------------------

def check_job(job: Job, settings: Settings, fix_mode: FixMode = NO_FIX,
              data: bytes | None = None, seeds: Sequence[Seed] = (),
              code_cache_dir: Path | None = None) -> Outcome:
    """Check one file (reading it unless ``data`` is given); apply fixes if asked.

    ``seeds`` name the file's functions that other modules' traced code calls;
    ``code_cache_dir`` makes the first file's import of the engine faster (see fastimport.py).
    """
    if data is None:
        data, problem = read_source(job.path)
        if data is None:
            return Outcome(FileResult(job.path, error=problem))
    if job.path.lower().endswith(".ipynb"):
        return _check_notebook(job, settings, fix_mode, data, seeds, code_cache_dir)
    if not seeds:
        skipped = _without_jax(job, data, settings)
        if skipped is not None:
            return skipped
    import_engine(code_cache_dir)
    from jaxpure import engine  # attribute access below, so tests can instrument it

    limit = time_limit()
    try:
        with deadline(limit):  # Python-level slowness; pool.py also watches from outside
            analysis = engine.analyze_source(data, job.path, settings, relpath=job.relpath,
                                             package=job.package, seeds=seeds)
    except TimeLimitExceeded:
        return Outcome(FileResult(job.path, error=over_time_message(limit)))
    result = analysis.result
    sha = content_hash(data)
    if fix_mode.off or result.error is not None or not has_fixes(result.findings, fix_mode.unsafe):
        return Outcome(result, content_sha=sha, summary=analysis.summary)
    outcome = _fix(job, data, sha, result, settings, fix_mode, seeds)
    return replace(outcome, summary=analysis.summary)


def _check_notebook(job: Job, settings: Settings, fix_mode: FixMode, data: bytes,
                    seeds: Sequence[Seed], code_cache_dir: Path | None) -> Outcome:
    """A Jupyter notebook: its code cells as one module (see notebooks.py)."""
    import_engine(code_cache_dir)
    from jaxpure import notebooks

    checked = notebooks.check(data, job.path, settings, relpath=job.relpath, package=job.package,
                              seeds=seeds, fix=fix_mode.apply, unsafe=fix_mode.unsafe)
    sha = content_hash(data) if checked.result.error is None else None
    if checked.new_text is None:
        return Outcome(checked.result, content_sha=sha, summary=checked.summary)
    if not fix_mode.write:
        return Outcome(checked.result, checked.fixed, checked.diff, checked.new_text,
                       summary=checked.summary)
    new_data = checked.new_text.encode("utf-8")
    problem = write_if_unchanged(job.path, data, new_data)
    if problem is not None:
        return Outcome(FileResult(job.path, error=problem))
    return Outcome(checked.result, checked.fixed, content_sha=content_hash(new_data),
                   summary=checked.summary)


def _without_jax(job: Job, data: bytes, settings: Settings) -> Outcome | None:
    """A file that never mentions JAX, answered without loading libcst (see prefilter)."""
    from jaxpure.analysis.module.module_names import module_name
    from jaxpure.prefilter import mentions_jax, textual_summary

    try:
        text = decode(data)
    except DECODE_ERRORS:
        return None  # the engine reports it
    if mentions_jax(text, settings):
        return None
    summary = textual_summary(module_name(job.package, job.path), job.package, text)
    return Outcome(FileResult(job.path), content_sha=content_hash(data), summary=summary)


def has_fixes(findings: Sequence[Finding], unsafe: bool) -> bool:
    return any(f.fix is not None and (unsafe or f.fix.applicability == "safe") for f in findings)


def _fix(job: Job, data: bytes, sha: str, result: FileResult, settings: Settings,
         fix_mode: FixMode, seeds: Sequence[Seed] = ()) -> Outcome:
    from jaxpure import engine
    from jaxpure.fixer import apply_fixes

    original = text = decode(data)
    applied_all: list[Finding] = []
    current = result
    try:
        with deadline(time_limit()):  # only around the checks: never around the write
            for _ in range(MAX_FIX_PASSES):
                new_text, applied = apply_fixes(text, current.findings, fix_mode.unsafe)
                if not applied or new_text == text:
                    break
                rechecked = engine.check_source(new_text, job.path, settings, relpath=job.relpath,
                                                package=job.package, seeds=seeds)
                if rechecked.error is not None:  # never write text the engine cannot check
                    break
                text, current = new_text, rechecked
                applied_all.extend(applied)
    except TimeLimitExceeded:
        applied_all = []  # the findings stand; nothing is written
    if not applied_all:
        return Outcome(result, content_sha=sha)
    if not fix_mode.write:
        return Outcome(current, tuple(applied_all), unified_diff(original, text, job.path), text)
    try:
        new_data = encode_like(data, text)
    except (UnicodeEncodeError, LookupError):
        return Outcome(FileResult(job.path, result.findings,
                                  "not fixed: the fixed text cannot be encoded in the file's encoding"),
                       content_sha=sha)
    problem = write_if_unchanged(job.path, data, new_data)
    if problem is not None:
        return Outcome(FileResult(job.path, result.findings, problem))
    return Outcome(current, tuple(applied_all), content_sha=content_hash(new_data),
                   original_text=original)


def unified_diff(before: str, after: str, path: str) -> str:
    lines = difflib.unified_diff(_lines(before), _lines(after), fromfile=path, tofile=path)
    return "".join(lines)


def _lines(text: str) -> list[str]:
    lines = split_lines_keepends(text)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n\\ No newline at end of file\n"
    return lines


def write_if_unchanged(path: str, expected: bytes, new_data: bytes) -> str | None:
    """Write the fixed content in place (see jaxpure.sources); None, or why it was not."""
    return write_in_place(path, expected, new_data)


# --- many files ----------------------------------------------------------------------------

# Rounds of analysis across modules: a helper traced through an import can call helpers
# in a third module, found only once the second module is analysed with its seeds.
MAX_PROJECT_ROUNDS = 4


def run(jobs: Sequence[Job], settings: Settings, fix_mode: FixMode = NO_FIX, *,
        cache: ResultCache | None = None, workers: int = 1,
        on_file_done: Callable[[], None] | None = None) -> list[Outcome]:
    """One Outcome per job, in job order. Cached results are served without the engine.
    ``on_file_done`` is called as each file's first check completes (a progress line).

    With several files, functions that one module's traced code calls from another module
    are analysed as traced too: each file is checked alone first, the summaries give every
    module its seeds, and the seeded modules are checked again (see analysis/summary.py).
    """
    # Seeds that files outside this run gave its files last time (pre-commit checks only
    # the changed files; their callers elsewhere still call them).
    saved = cache.load_seeds() if cache is not None else {}
    in_run = {job.relpath for job in jobs}
    outside = [
        tuple(seed for seed in saved.get(job.relpath, ()) if seed.source not in in_run)
        for job in jobs
    ]
    # --no-cache turns the code cache off too; it never lives beside the results (fastimport)
    code_cache = code_cache_dir() if cache is not None else None
    with Executor(settings, fix_mode, workers, code_cache) as executor:
        outcomes = _run_round(jobs, outside, settings, fix_mode, cache, executor, on_file_done)
        try:
            applied = _cross_module_rounds(jobs, outcomes, settings, fix_mode, cache,
                                           executor, outside)
        except Exception as error:  # noqa: BLE001 (a bug of ours must not lose the results)
            # every file has its own result already; only what other modules add is lost
            print(f"jaxpure: internal error in the analysis across modules "
                  f"({type(error).__name__}: {error}); each file was checked on its own; "
                  "please report it", file=sys.stderr)
            applied = list(outside)
    if cache is not None:
        # the flake8 plugin sees one file at a time and reuses these (docs/integrations.md)
        cache.save_seeds({job.relpath: seeds for job, seeds in zip(jobs, applied)}, saved)
    return outcomes


def _cross_module_rounds(jobs: Sequence[Job], outcomes: list[Outcome], settings: Settings,
                         fix_mode: FixMode, cache: ResultCache | None,
                         executor: Executor,
                         outside: Sequence[tuple[Seed, ...]]) -> list[tuple[Seed, ...]]:
    """Re-check seeded modules until their seeds settle; update ``outcomes`` in place and
    return the seeds each file was finally checked with (``outside``: seeds from files
    not in this run, applied from the start)."""
    applied: list[tuple[Seed, ...]] = list(outside)
    if not jobs or len(jobs) == 1 and (outcomes[0].summary is None
                                       or not outcomes[0].summary.receiver_calls):
        return applied  # one file seeds itself only through methods called on arguments
    # (file, seeds) -> its outcome: seeds that flip back and forth between rounds would
    # check a file again with seeds it was checked with already (not with fixes, which
    # change the file between rounds, nor with a cache, which answers that itself)
    memo = fix_mode.off and cache is None
    done: dict[tuple[int, tuple[Seed, ...]], Outcome] = {}
    if memo:
        done.update(((i, applied[i]), outcome) for i, outcome in enumerate(outcomes))
    for _ in range(MAX_PROJECT_ROUNDS):
        wanted = [_merge_seeds(found, extra)
                  for found, extra in zip(_seeds_for(jobs, outcomes), outside)]
        changed = [i for i in range(len(jobs)) if wanted[i] != applied[i]]
        if not changed:
            break
        again = [i for i in changed if (i, wanted[i]) not in done]
        checked = dict(zip(again, _run_round([jobs[i] for i in again], [wanted[i] for i in again],
                                             settings, fix_mode, cache, executor)))
        if memo:
            done.update(((i, wanted[i]), outcome) for i, outcome in checked.items())
        redone = [(i, checked[i] if i in checked else done[(i, wanted[i])]) for i in changed
                  if i in checked or (i, wanted[i]) in done]
        for index, outcome in redone:
            if fix_mode.apply and fix_mode.write and outcomes[index].fixed:
                # the earlier round's fixes are on disk already: this round re-read the
                # fixed file, so its own list holds only what it fixed in addition
                outcome = replace(outcome, fixed=outcomes[index].fixed + outcome.fixed,
                                  original_text=outcomes[index].original_text)
            outcomes[index] = outcome
            applied[index] = wanted[index]
    return applied


def _merge_seeds(found: tuple[Seed, ...], extra: tuple[Seed, ...]) -> tuple[Seed, ...]:
    if not extra:
        return found
    keys = {seed.key() for seed in found}
    return found + tuple(seed for seed in extra if seed.key() not in keys)


def _seeds_for(jobs: Sequence[Job], outcomes: Sequence[Outcome]) -> list[tuple[Seed, ...]]:
    from jaxpure.analysis.module.project import seeds_by_file

    return seeds_by_file([(outcome.summary, job.path, job.relpath)
                          for job, outcome in zip(jobs, outcomes)])


def _run_round(jobs: Sequence[Job], seeds: Sequence[tuple[Seed, ...]], settings: Settings,
               fix_mode: FixMode, cache: ResultCache | None, executor: Executor,
               on_file_done: Callable[[], None] | None = None) -> list[Outcome]:
    fingerprint = settings.fingerprint() if cache is not None else ""
    outcomes: list[Outcome | None] = [None] * len(jobs)
    pending: list[int] = []
    for index, job in enumerate(jobs):
        key_extra = _seed_key(seeds[index])
        hit = _from_cache(job, cache, fingerprint + key_extra, fix_mode) if cache is not None else None
        if hit is None:
            pending.append(index)
        else:
            outcomes[index] = hit
            if on_file_done is not None:
                on_file_done()
    results = executor.map([(jobs[i], seeds[i]) for i in pending])
    for index, outcome in zip(pending, results):
        outcomes[index] = outcome
        if on_file_done is not None:
            on_file_done()
        if cache is not None and outcome.content_sha is not None:
            job = jobs[index]
            key = entry_key(outcome.content_sha, fingerprint + _seed_key(seeds[index]),
                            job.relpath, job.package)
            cache.put(key, outcome.result, outcome.summary)
    return [outcome for outcome in outcomes if outcome is not None]


def _seed_key(seeds: Sequence[Seed]) -> str:
    if not seeds:
        return ""
    from jaxpure.analysis.module.project import seeds_fingerprint

    return ":" + seeds_fingerprint(seeds)


def _from_cache(job: Job, cache: ResultCache, fingerprint: str, fix_mode: FixMode) -> Outcome | None:
    data, _ = read_source(job.path)
    if data is None:
        return None  # the job reports the problem
    entry = cache.get_entry(entry_key(content_hash(data), fingerprint, job.relpath, job.package),
                            job.path)
    if entry is None:
        return None
    result, summary = entry
    if fix_mode.apply and has_fixes(result.findings, fix_mode.unsafe):
        return None
    return Outcome(result, from_cache=True, summary=summary)


class Executor:
    """Runs check_job serially or in one pool of workers (pool.py), started on first need
    and reused by every round of analysis across modules (each worker imports libcst)."""

    def __init__(self, settings: Settings, fix_mode: FixMode, workers: int,
                 code_cache_dir: Path | None = None) -> None:
        self.settings, self.fix_mode, self.workers = settings, fix_mode, workers
        self.code_cache_dir = code_cache_dir
        self._pool: WorkerPool | None = None
        self._signals = sigterm_as_interrupt()

    def __enter__(self) -> Executor:
        self._signals.__enter__()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        try:
            if self._pool is not None:
                self._pool.close(force=kind is not None)  # interrupted: kill, do not wait
                self._pool = None
        finally:
            self._signals.__exit__(kind, error, traceback)

    def map(self, work: Sequence[tuple[Job, tuple[Seed, ...]]]) -> Iterator[Outcome]:
        if self.workers <= 1 or (self._pool is None and len(work) < POOL_MIN_FILES) or len(work) < 2:
            for job, seeds in work:
                yield check_job(job, self.settings, self.fix_mode, seeds=seeds,
                                code_cache_dir=self.code_cache_dir)
            return
        if self._pool is None:
            self._pool = WorkerPool(self.workers, _init_worker,
                                    (self.settings, self.fix_mode, self.code_cache_dir))
        for (job, _seeds), outcome in zip(work, self._pool.map(_check_in_worker, work)):
            if isinstance(outcome, Failure):  # the worker died or ran out of time
                outcome = Outcome(FileResult(job.path, error=outcome.reason))
            yield outcome


_worker_state: tuple[Settings, FixMode, Path | None] | None = None


def _init_worker(settings: Settings, fix_mode: FixMode, code_cache_dir: Path | None) -> None:
    global _worker_state
    _worker_state = (settings, fix_mode, code_cache_dir)


def _check_in_worker(work: tuple[Job, tuple[Seed, ...]]) -> Outcome:
    assert _worker_state is not None, "worker started without _init_worker"
    job, seeds = work
    settings, fix_mode, code_cache_dir = _worker_state
    return check_job(job, settings, fix_mode, seeds=seeds, code_cache_dir=code_cache_dir)
