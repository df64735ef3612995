"""Check (and fix) many files: cache look-ups, a process pool, atomic writes.

Workers are spawned, not forked (the engine never imports jax, but the same code runs next
to users' jax processes and spawn behaves alike on every OS); each receives the Settings
once through its initializer and returns small :class:`Outcome` values, never trees, so
memory stays flat in the number of files. Everything here is importable without libcst:
the engine is imported on the first file that actually needs checking.
"""

from __future__ import annotations

import difflib
import io
import os
import stat
import sys
import tempfile
import tokenize
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from jaxpure.cache import ResultCache, content_hash, entry_key
from jaxpure.fastimport import import_engine
from jaxpure.analysis.summary import ModuleSummary, Seed
from jaxpure.findings import FileResult, Finding
from jaxpure.settings import Settings

# Must equal jaxpure.engine.MAX_FILE_BYTES (a test checks): checked here from the file's
# size so a huge file is never read into memory, and without importing the engine.
MAX_FILE_BYTES = 2_000_000
# A notebook's outputs (plots as base64) dwarf its code: the limit above applies to the code
# cells once they are read (engine.analyze_source), this one to the whole JSON file.
MAX_NOTEBOOK_BYTES = 50_000_000
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
    # the module's summary, for analysis across modules (jaxpure.analysis.summary)
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


# --- reading --------------------------------------------------------------------------

def read_source(path: str) -> tuple[bytes, None] | tuple[None, str]:
    """The file's bytes, or a one-line reason it cannot be checked."""
    limit = MAX_NOTEBOOK_BYTES if path.lower().endswith(".ipynb") else MAX_FILE_BYTES
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > limit:
                return None, too_large_message(size, limit)
            data = handle.read(limit + 1)
    except IsADirectoryError:
        return None, "is a directory, not a Python file"
    except FileNotFoundError:
        return None, "file vanished before it could be read"
    except PermissionError:
        return None, "permission denied"
    except OSError as error:
        return None, f"cannot read file: {(error.strerror or str(error)).lower()}"
    if len(data) > limit:  # grew after fstat, or not a regular file
        return None, too_large_message(len(data), limit)
    return data, None


def decode_source(data: bytes) -> str:
    """As ``jaxpure.engine.decode`` (PEP 263 coding line, BOM), without importing libcst."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    text = data.decode(encoding)
    return text[1:] if text.startswith("\ufeff") else text


def too_large_message(size: int, limit: int = MAX_FILE_BYTES) -> str:
    return (f"skipped: file is {size / 1e6:.1f} MB, over the {limit / 1e6:.0f} MB limit "
            "for one file (generated code?); exclude it in [tool.jaxpure] exclude")


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

    analysis = engine.analyze_source(data, job.path, settings, relpath=job.relpath,
                                     package=job.package, seeds=seeds)
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
    from jaxpure.analysis.summary import module_name
    from jaxpure.prefilter import mentions_jax, textual_summary

    try:
        text = decode_source(data)
    except (UnicodeDecodeError, SyntaxError, LookupError):
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

    original = text = engine.decode(data)
    applied_all: list[Finding] = []
    current = result
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


def encode_like(original: bytes, text: str) -> bytes:
    """Encode ``text`` as ``original`` was: same PEP 263 encoding, same BOM."""
    encoding, _ = tokenize.detect_encoding(io.BytesIO(original).readline)
    return text.encode(encoding)  # "utf-8-sig" (a BOM was there) writes the BOM back


def unified_diff(before: str, after: str, path: str) -> str:
    lines = difflib.unified_diff(_lines(before), _lines(after), fromfile=path, tofile=path)
    return "".join(lines)


def _lines(text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\n\\ No newline at end of file\n"
    return lines


def write_if_unchanged(path: str, expected: bytes, new_data: bytes) -> str | None:
    """Atomically replace the file's content; None, or why it was not written."""
    target = os.path.realpath(path)  # replace a symlink's target, not the link
    try:
        with open(target, "rb") as handle:
            current = handle.read()
        info = os.stat(target)
    except OSError as error:
        return f"not fixed: cannot re-read the file ({(error.strerror or str(error)).lower()})"
    if current != expected:
        return "not fixed: the file changed on disk while it was being checked; run again"
    directory, name = os.path.split(target)
    try:
        descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".jaxpure-tmp")
    except OSError as error:
        return f"not fixed: cannot create a file next to it ({(error.strerror or str(error)).lower()})"
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(new_data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, stat.S_IMODE(info.st_mode))
        try:
            os.chown(temporary, info.st_uid, info.st_gid)
        except OSError:
            pass  # not permitted as a normal user; the file then belongs to us, like an editor's
        os.replace(temporary, target)
    except OSError as error:
        _remove_quietly(temporary)
        return f"not fixed: cannot write the file ({(error.strerror or str(error)).lower()})"
    return None


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


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
    code_cache_dir = cache.directory if cache is not None else None
    with Executor(settings, fix_mode, workers, code_cache_dir) as executor:
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
    if len(jobs) < 2:
        return applied
    for _ in range(MAX_PROJECT_ROUNDS):
        wanted = [_merge_seeds(found, extra)
                  for found, extra in zip(_seeds_for(jobs, outcomes), outside)]
        changed = [i for i in range(len(jobs)) if wanted[i] != applied[i]]
        if not changed:
            break
        redone = _run_round([jobs[i] for i in changed], [wanted[i] for i in changed],
                            settings, fix_mode, cache, executor)
        for index, outcome in zip(changed, redone):
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
    from jaxpure.analysis.summary import propagate

    modules: dict[str, tuple[ModuleSummary, str, str]] = {}
    clashes: set[str] = set()
    for job, outcome in zip(jobs, outcomes):
        summary = outcome.summary
        if summary is None or not summary.module:
            continue
        if summary.module in modules:
            clashes.add(summary.module)  # two scripts named alike: which one is imported?
        modules[summary.module] = (summary, job.path, job.relpath)
    for name in clashes:
        del modules[name]
    seeds = propagate(modules)
    return [
        tuple(seeds.get(outcome.summary.module, ())) if outcome.summary is not None else ()
        for outcome in outcomes
    ]


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
    from jaxpure.analysis.summary import seeds_fingerprint

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
    """Runs check_job serially or in one spawned pool, started on first need and reused by
    every round of analysis across modules (each worker start imports libcst)."""

    def __init__(self, settings: Settings, fix_mode: FixMode, workers: int,
                 code_cache_dir: Path | None = None) -> None:
        self.settings, self.fix_mode, self.workers = settings, fix_mode, workers
        self.code_cache_dir = code_cache_dir
        self._pool = None  # concurrent.futures.ProcessPoolExecutor, once started

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def map(self, work: Sequence[tuple[Job, tuple[Seed, ...]]]) -> Iterator[Outcome]:
        if self.workers <= 1 or (self._pool is None and len(work) < POOL_MIN_FILES) or len(work) < 2:
            for job, seeds in work:
                yield check_job(job, self.settings, self.fix_mode, seeds=seeds,
                                code_cache_dir=self.code_cache_dir)
            return
        yield from self._map_in_pool(work)

    def _map_in_pool(self, work: Sequence[tuple[Job, tuple[Seed, ...]]]) -> Iterator[Outcome]:
        from concurrent.futures.process import BrokenProcessPool

        pool = self._start()
        # several files per task amortise the IPC; enough tasks per worker to balance the load
        chunksize = max(1, min(16, len(work) // (self.workers * 8)))
        done = 0
        try:
            for outcome in pool.map(_check_in_worker, work, chunksize=chunksize):
                done += 1
                yield outcome
        except BrokenProcessPool:
            self._pool = None  # unusable now; a later round starts a new one
            for job, _seeds in work[done:]:
                yield Outcome(FileResult(job.path, error=(
                    "not checked: a worker process died while checking this file or one sent "
                    "with it (out of memory? a crash in the parser?); try --jobs 1")))

    def _start(self):  # -> ProcessPoolExecutor
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker, initargs=(self.settings, self.fix_mode, self.code_cache_dir))
        return self._pool


_worker_state: tuple[Settings, FixMode, Path | None] | None = None


def _init_worker(settings: Settings, fix_mode: FixMode, code_cache_dir: Path | None) -> None:
    global _worker_state
    _worker_state = (settings, fix_mode, code_cache_dir)


def _check_in_worker(work: tuple[Job, tuple[Seed, ...]]) -> Outcome:
    assert _worker_state is not None, "worker started without _init_worker"
    job, seeds = work
    settings, fix_mode, code_cache_dir = _worker_state
    return check_job(job, settings, fix_mode, seeds=seeds, code_cache_dir=code_cache_dir)
