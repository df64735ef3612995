"""Worker processes that run user code, and the pool that drives them.

Workers are started with the ``spawn`` context (never ``fork``: a forked jax is unsafe), set
``XLA_FLAGS`` before importing jax so pmap has several CPU devices, import jax once and then run
one target after another. The parent enforces a per-target timeout and turns a crash or a hang
into a report instead of failing itself. Worker stdout/stderr go to a log file whose tail is
quoted when a worker dies, so user prints never mix with the parent's output.

This module is imported by the parent: it must not import jax at module level.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from jaxpure.verify.isolation import Baseline, die_with_parent, kill_group, lead_own_group
from jaxpure.verify.options import VerifyOptions
from jaxpure.verify.results import Report, error_report
from jaxpure.verify.targets import TargetSpec

DEVICE_FLAG = "--xla_force_host_platform_device_count"
STARTUP_TIMEOUT = 180.0  # importing jax on a cold, busy machine can be slow
MAX_STRETCH = 10.0  # a target's limit grows with its time waiting for a CPU, up to this factor


def run_queue_waits(pid: int | None) -> dict[str, float]:
    """Seconds each thread of process ``pid`` has spent runnable but not running (Linux
    ``/proc/<pid>/task/*/schedstat``, second field); empty where the OS does not say."""
    waits: dict[str, float] = {}
    try:
        threads = os.listdir(f"/proc/{pid}/task") if pid is not None else []
    except OSError:
        return waits
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/schedstat") as handle:
                waits[thread] = int(handle.read().split()[1]) / 1e9
        except (OSError, ValueError, IndexError):
            continue
    return waits


def longest_new_wait(before: dict[str, float], now: dict[str, float]) -> float:
    """The most any one thread waited for a CPU between two readings."""
    return max((wait - before.get(thread, 0.0) for thread, wait in now.items()), default=0.0)


@dataclass(frozen=True)
class Task:
    target: TargetSpec
    options: VerifyOptions = field(default_factory=VerifyOptions)
    examples: str | None = None  # an examples file given on the command line
    label: str = ""
    timeout: float | None = None  # overrides the pool's per-target limit
    usage: dict[str, Any] | None = None  # callsites.Usage.to_dict(): call sites, transforms, tests
    from_tests: bool = False  # may run the tests' setup to get inputs

    def to_message(self, task_id: int) -> dict[str, Any]:
        return {"id": task_id, "target": self.target.to_dict(), "options": self.options.to_dict(),
                "examples": self.examples, "label": self.label or self.target.text,
                "usage": self.usage or {}, "from_tests": self.from_tests}


# ---------------------------------------------------------------------------------------------
# inside the worker


def worker_env(devices: int) -> None:
    """Environment for jax, set before it is imported."""
    flags = [flag for flag in os.environ.get("XLA_FLAGS", "").split() if not flag.startswith(DEVICE_FLAG)]
    os.environ["XLA_FLAGS"] = " ".join(flags + [f"{DEVICE_FLAG}={devices}"])
    os.environ.setdefault("JAX_PLATFORMS", "cpu")


def worker_main(conn: Connection, log_path: str, devices: int, cache_dir: str | None = None,
                parent_pid: int | None = None) -> None:
    lead_own_group()
    if parent_pid is not None:
        die_with_parent(parent_pid)
    log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(log, 1)
    os.dup2(log, 2)
    worker_env(devices)
    try:
        import jax

        if cache_dir:
            # The checks re-jit the same function many times (each from an empty trace cache, on
            # purpose); XLA's persistent cache, keyed on the compiled program, makes the
            # recompiles cheap without hiding anything from the checks.
            jax.config.update("jax_compilation_cache_dir", cache_dir)
            jax.config.update("jax_persistent_cache_min_compile_time_secs", 0.0)
            jax.config.update("jax_persistent_cache_min_entry_size_bytes", 0)
        count = jax.local_device_count()
    except ImportError:
        from jaxpure.verify import INSTALL_HINT

        conn.send({"ready": False, "error": INSTALL_HINT})
        return
    conn.send({"ready": True, "devices": count})
    baseline = Baseline.take()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        report = run_task(message)
        leaked = baseline.changes()
        conn.send({"id": message["id"], "report": report.to_dict(), "leaked": leaked})
        if leaked:
            return  # the parent starts a clean worker for the next target


def run_task(message: dict[str, Any]) -> Report:
    """Load the target and its examples, and verify it (in this, the worker's, process)."""
    from jaxpure.verify.inputs import ExamplesError

    label = message["label"]
    started = time.perf_counter()
    try:
        return _verify_target(message, label)
    except (ExamplesError, _NotRunnable) as error:
        return error_report(label, str(error), time.perf_counter() - started)
    except Exception as error:  # noqa: BLE001 - a verifier bug must not kill the worker
        from jaxpure.verify.errors import summarize

        return error_report(label, f"the verifier failed ({summarize(error)}); please report it",
                            time.perf_counter() - started)


class _NotRunnable(Exception):
    pass


def _verify_target(message: dict[str, Any], label: str) -> Report:
    from jaxpure.verify.inputs import MissingInput, find_examples, load_examples_module
    from jaxpure.verify.results import skipped_report
    from jaxpure.verify.shrinking import failing_input
    from jaxpure.verify.runner import Verifier
    from jaxpure.verify.subject import Subject
    from jaxpure.verify.targets import TargetError, examples_path, load_module, load_old_module, resolve

    spec = TargetSpec.from_dict(message["target"])
    options = VerifyOptions.from_dict(message["options"])
    try:
        module = load_module(spec)
        fn = resolve(module, spec.qualname)
        before = None
        if spec.old_source is not None:
            before = resolve(load_old_module(spec), spec.qualname)
        elif spec.original is not None:
            original = TargetSpec.parse(spec.original)
            before = resolve(load_module(original), original.qualname)
    except TargetError as error:
        raise _NotRunnable(str(error)) from error
    path = examples_path(spec, module, message.get("examples"))
    examples = None
    if path is not None:
        examples = find_examples(load_examples_module(path), spec.qualname, spec.stem)
    inputs = None
    if examples is None:
        fn, inputs = _automatic_inputs(module, spec.qualname, fn, message)
        if isinstance(inputs, MissingInput):
            return skipped_report(label, inputs.describe(spec.qualname))
        examples = inputs.examples
    subject = Subject.build(fn, examples, name=label, extra_static_argnums=options.static_argnums,
                            extra_static_argnames=options.static_argnames)
    reference = None
    if before is not None:
        reference = Subject.build(before, examples, name=spec.original or f"{label}@{spec.revision}",
                                  extra_static_argnums=options.static_argnums,
                                  extra_static_argnames=options.static_argnames)
    report = Verifier(options).run_subject(subject, reference)
    meta = dict(report.meta, examples=path or "generated from annotations")
    if inputs is not None:
        meta.update(examples=path or ("generated from annotations" if inputs.strategy is not None
                                      else inputs.source), inputs=inputs.source,
                    **failing_input(report, inputs, fn, options))
    return Report(report.target, report.checks, report.seconds, meta)


def _automatic_inputs(module: Any, qualname: str, fn: Any, message: dict[str, Any]) -> tuple[Any, Any]:
    """Inputs from call sites, tests or types; a method gets an instance of its class."""
    from jaxpure.verify.input_sources import automatic_inputs, static_non_arrays
    from jaxpure.verify.inputs import MissingInput
    from jaxpure.verify.instances import bound_method
    from jaxpure.verify.subject import unwrap

    usage = message.get("usage") or {}
    fn, problem, instance = bound_method(module, qualname, fn, tuple(usage.get("subclass_files", ())))
    if problem is not None:
        return fn, problem
    inputs = automatic_inputs(fn, qualname, usage, bool(message.get("from_tests")))
    if instance and not isinstance(inputs, MissingInput):
        inputs.source += f"; {instance}"  # the substitute instance, for a reader to check
    if not isinstance(inputs, MissingInput) and not unwrap(fn).was_jitted:
        inputs.examples = static_non_arrays(unwrap(fn).fn, inputs.examples)
    return fn, inputs


# ---------------------------------------------------------------------------------------------
# in the parent


class _Worker:
    """One worker process, restarted after it crashes or is killed for a timeout."""

    def __init__(self, devices: int, cache_dir: str | None = None) -> None:
        self.devices = devices
        self.cache_dir = cache_dir
        self.context = multiprocessing.get_context("spawn")
        self.process: Any = None
        self.conn: Connection | None = None
        self.log_path = ""
        self.device_count = 0
        self.cpu_wait = 0.0  # how far the last target's limit was stretched for time waiting for a CPU

    def start(self) -> str | None:
        """Start the process and wait until jax is imported; an error message if it cannot."""
        handle, self.log_path = tempfile.mkstemp(prefix="jaxpure-verify-", suffix=".log")
        os.close(handle)
        parent, child = self.context.Pipe()
        self.process = self.context.Process(target=worker_main,
                                            args=(child, self.log_path, self.devices, self.cache_dir, os.getpid()),
                                            daemon=True, name="jaxpure-verify-worker")
        self.process.start()
        child.close()
        self.conn = parent
        if not parent.poll(STARTUP_TIMEOUT):
            self.stop()
            return f"the worker did not start within {STARTUP_TIMEOUT:.0f} s"
        try:
            hello = parent.recv()
        except (EOFError, OSError):
            why = self._death()
            self.stop()
            return f"the worker died while starting ({why})"
        if not hello.get("ready"):
            self.stop()
            return str(hello.get("error"))
        self.device_count = int(hello.get("devices", 0))
        return None

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def run(self, task_id: int, task: Task, timeout: float) -> Report:
        label = task.label or task.target.text
        if not self.alive:
            try:
                problem = self.start()
            except Exception as error:  # noqa: BLE001 - e.g. spawn refused in an unguarded __main__
                self.process = None
                problem = f"cannot start a worker process: {type(error).__name__}: {str(error).strip().splitlines()[0]}"
            if problem is not None:
                return error_report(label, problem)
        assert self.conn is not None
        offset = os.path.getsize(self.log_path) if os.path.exists(self.log_path) else 0
        started = time.perf_counter()
        self.conn.send(task.to_message(task_id))
        if not self._answered_within(timeout, started):
            self.stop()
            waited = f", not counting {self.cpu_wait:.0f} s it waited for a CPU" if self.cpu_wait >= 1 else ""
            return error_report(label, f"timed out after {timeout:g} s{waited} (a hang or a very slow compile in "
                                       "the user code; raise --timeout if it is just slow)",
                                time.perf_counter() - started)
        try:
            answer = self.conn.recv()
        except (EOFError, OSError):
            why = self._death()
            tail = self._log_tail(offset)
            self.stop()
            output = f"; last output: {tail}" if tail else ""
            return error_report(label, f"the user code crashed the worker ({why}){output}",
                                time.perf_counter() - started)
        if answer.get("leaked"):
            self.stop()  # the target changed the worker (jax.config, jax.jit, the cwd): replace it
        report = Report.from_dict(answer["report"])
        if answer.get("leaked"):
            meta = dict(report.meta, leaked=list(answer["leaked"]))
            report = Report(report.target, report.checks, report.seconds, meta)
        return report

    def _answered_within(self, timeout: float, started: float) -> bool:
        """Wait for the answer for ``timeout`` seconds, not counting the time the worker's threads
        sat ready to run while other processes had the CPUs: on a loaded machine (a shared CI
        runner, eight jobs on two cores) a wall-clock limit times out targets that only waited
        for a core. A sleeping hang accrues no such wait, so it stops on time; the limit never
        stretches beyond MAX_STRETCH times the timeout."""
        assert self.conn is not None
        pid = self.process.pid if self.process is not None else None
        waited_before = run_queue_waits(pid)
        while True:
            elapsed = time.perf_counter() - started
            waited = longest_new_wait(waited_before, run_queue_waits(pid))
            allowed = min(timeout + max(0.0, waited), timeout * MAX_STRETCH)
            self.cpu_wait = allowed - timeout
            if elapsed >= allowed:
                return False
            if self.conn.poll(min(allowed - elapsed, 1.0)):
                return True

    def _death(self) -> str:
        if self.process is None:
            return "no process"
        self.process.join(5)
        code = self.process.exitcode
        if code is None:
            return "still running"
        if code < 0:
            try:
                return f"killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"killed by signal {-code}"
        return f"exit code {code}"

    def _log_tail(self, offset: int, lines: int = 3) -> str:
        try:
            with open(self.log_path, "rb") as handle:
                handle.seek(offset)
                text = handle.read().decode("utf-8", "replace")
        except OSError:
            return ""
        kept = [line.strip() for line in text.splitlines() if line.strip()][-lines:]
        return " | ".join(kept)[-400:]

    def stop(self) -> None:
        if self.conn is not None:
            try:
                if self.alive:
                    self.conn.send(None)
            except (OSError, BrokenPipeError):
                pass
        if self.process is not None and self.process.pid is not None:
            self.process.join(2)
            # the group: the worker if it still runs, and whatever its targets started
            kill_group(self.process.pid)
            self.process.join(5)
        if self.conn is not None:
            self.conn.close()
        self.process, self.conn = None, None

    def close(self) -> None:
        self.stop()
        if self.log_path and os.path.exists(self.log_path):
            os.unlink(self.log_path)


class WorkerPool:
    """Runs tasks on up to ``jobs`` reusable workers; reports come back in task order."""

    def __init__(self, jobs: int = 1, devices: int = 4, timeout: float = 120.0) -> None:
        self.jobs = max(1, jobs)
        self.devices = devices
        self.timeout = timeout
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()
        self.cache_dir = tempfile.mkdtemp(prefix="jaxpure-verify-xla-")

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, tasks: Sequence[Task], timeout: float | None = None) -> list[Report]:
        limit = self.timeout if timeout is None else timeout
        pending: queue.Queue[tuple[int, Task]] = queue.Queue()
        for index, task in enumerate(tasks):
            pending.put((index, task))
        reports: list[Report | None] = [None] * len(tasks)
        with self._lock:
            while len(self._workers) < min(self.jobs, max(1, len(tasks))):
                self._workers.append(_Worker(self.devices, self.cache_dir))
            workers = self._workers[: min(self.jobs, max(1, len(tasks)))]

        def drain(worker: _Worker) -> None:
            while True:
                try:
                    index, task = pending.get_nowait()
                except queue.Empty:
                    return
                reports[index] = worker.run(index, task, task.timeout or limit)

        threads = [threading.Thread(target=drain, args=(worker,), daemon=True) for worker in workers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return [report if report is not None else error_report(task.label or task.target.text, "not run")
                for report, task in zip(reports, tasks)]

    def close(self) -> None:
        with self._lock:
            for worker in self._workers:
                worker.close()
            self._workers.clear()
            shutil.rmtree(self.cache_dir, ignore_errors=True)
