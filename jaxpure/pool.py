"""Worker processes that check files: isolated, watched, and never outliving the run.

Why not ``concurrent.futures.ProcessPoolExecutor``:
- A worker that dies (a crash in libcst's native parser, out of memory) breaks the whole
  executor, and which task killed it is unknown: every file in flight was lost. Here each
  worker has one file at a time, so a death costs exactly that file; the others are sent
  to a new worker.
- A file that takes too long (native code cannot be interrupted from inside) is killed
  from outside after ``time_limit`` seconds, costing only that file.
- Workers must not run code from the checked tree or the working directory: they are
  spawned with ``PYTHONSAFEPATH`` set (the ``-c`` bootstrap multiprocessing runs would
  otherwise put the working directory first on ``sys.path``, and a ``multiprocessing.py``
  there ran in every worker).
- Workers die with their parent: ``PR_SET_PDEATHSIG`` on Linux, and everywhere a worker
  exits when its pipe to the parent closes. A worker ignores SIGINT (the parent, which
  gets it too, stops them) and never holds the caller's stdout.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

# A file's check is stopped after this long (SIGALRM in the process that checks it; the
# parent kills a worker that does not answer GRACE seconds later, e.g. in native code).
# JAXPURE_FILE_TIME_LIMIT overrides it (seconds; tests, very slow machines).
DEFAULT_TIME_LIMIT = 120.0
GRACE = 5.0
# a worker's first file also waits for the interpreter to start and import the engine
STARTUP = 60.0
# a worker asked to stop gets this long to exit before it is killed
STOP_WAIT = 2.0


def time_limit() -> float:
    try:
        value = float(os.environ.get("JAXPURE_FILE_TIME_LIMIT", DEFAULT_TIME_LIMIT))
    except ValueError:
        return DEFAULT_TIME_LIMIT
    return value if 0 < value < 1e6 else DEFAULT_TIME_LIMIT


class TimeLimitExceeded(BaseException):
    """Raised by ``deadline`` (a BaseException: the engine's catch-all must not eat it)."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise TimeLimitExceeded in this thread after ``seconds`` (main thread, POSIX only;
    elsewhere nothing happens). Python code is interrupted; native code only when it
    returns, which is why the pool also watches its workers from outside."""
    import threading

    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise TimeLimitExceeded()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM (``timeout``, a CI runner stopping) ends the run as Ctrl-C does: workers
    stopped, no temporary file left, one line and the interrupted exit code."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt()

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@dataclass(frozen=True)
class Failure:
    """What became of an item whose worker did not answer."""

    reason: str


class _Worker:
    def __init__(self, context: Any, initializer: Callable[..., None], initargs: tuple) -> None:
        parent_end, child_end = context.Pipe(duplex=True)
        self.connection = parent_end
        self.process = context.Process(target=_worker_main, daemon=True,
                                       args=(child_end, os.getpid(), initializer, initargs))
        with _safe_path():
            self.process.start()
        child_end.close()
        self.item: int | None = None  # index of the item it is checking
        self.started = 0.0
        self.answered = 0

    def send(self, index: int, function: Callable[[Any], Any], item: Any) -> None:
        self.item, self.started = index, time.monotonic()
        self.connection.send((index, function, item))

    def overdue(self, limit: float, startup: float) -> float:
        """Seconds past the moment it is to be killed (negative: still in time)."""
        allowed = limit + GRACE + (startup if self.answered == 0 else 0.0)
        return time.monotonic() - self.started - allowed

    def stop(self, force: bool) -> None:
        if not force:
            try:
                self.connection.send(None)
            except OSError:
                pass
        self.connection.close()
        if force:
            self.process.kill()
        self.process.join(STOP_WAIT)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(STOP_WAIT)


@contextmanager
def _safe_path() -> Iterator[None]:
    # inherited by the spawned interpreter (and multiprocessing's resource tracker): no
    # working directory in front of sys.path while `multiprocessing.spawn` is imported
    previous = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        if previous is None:
            del os.environ["PYTHONSAFEPATH"]
        else:
            os.environ["PYTHONSAFEPATH"] = previous


class WorkerPool:
    """``size`` spawned workers, each running ``initializer(*initargs)`` once."""

    def __init__(self, size: int, initializer: Callable[..., None], initargs: tuple,
                 limit: float | None = None, startup: float = STARTUP) -> None:
        import multiprocessing

        self.size = max(1, size)
        self.initializer, self.initargs = initializer, initargs
        self.limit = time_limit() if limit is None else limit
        self.startup = startup
        self._context = multiprocessing.get_context("spawn")
        self._idle: list[_Worker] = []

    def map(self, function: Callable[[Any], Any], items: Sequence[Any]) -> Iterator[Any]:
        """``function(item)`` for each item, in order; a Failure for an item whose worker
        died or ran over the time limit (the other items are checked all the same)."""
        from multiprocessing.connection import wait

        waiting = list(range(len(items)))
        waiting.reverse()  # pop() from the end hands out the first items first
        done: dict[int, Any] = {}
        busy: list[_Worker] = []
        next_out = 0
        try:
            while next_out < len(items):
                while waiting and len(busy) < self.size:
                    worker = self._idle.pop() if self._idle else self._start()
                    index = waiting.pop()
                    worker.send(index, function, items[index])
                    busy.append(worker)
                wait([w.connection for w in busy] + [w.process.sentinel for w in busy],
                     timeout=self._next_timeout(busy))
                for worker in list(busy):
                    answer = self._collect(worker)
                    if answer is None:
                        continue
                    busy.remove(worker)
                    done[answer[0]] = answer[1]
                    if not isinstance(answer[1], Failure):
                        self._idle.append(worker)
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
        finally:
            for worker in busy:  # interrupted, or the consumer stopped early
                worker.stop(force=True)

    def _start(self) -> _Worker:
        return _Worker(self._context, self.initializer, self.initargs)

    def _next_timeout(self, busy: list[_Worker]) -> float:
        return max(0.0, min(-w.overdue(self.limit, self.startup) for w in busy))

    def _collect(self, worker: _Worker) -> tuple[int, Any] | None:
        """(index, result or Failure) once the worker answered, died or ran out of time."""
        index = worker.item
        assert index is not None
        try:
            if worker.connection.poll():
                answer_index, result = worker.connection.recv()
                worker.item = None
                worker.answered += 1
                return answer_index, result
        except (EOFError, OSError):
            pass  # died while (or before) answering
        else:
            if worker.process.is_alive():
                if worker.overdue(self.limit, self.startup) < 0:
                    return None
                worker.stop(force=True)
                return index, Failure(f"not checked: took longer than {self.limit:g} s "
                                      "(the per-file time limit; stopped from outside)")
        worker.stop(force=True)
        return index, Failure(_death_reason(worker.process.exitcode))

    def close(self, force: bool = False) -> None:
        for worker in self._idle:
            worker.stop(force)
        self._idle = []


def _death_reason(exitcode: int | None) -> str:
    how = ""
    if exitcode is not None and exitcode < 0:
        try:
            how = f" ({signal.Signals(-exitcode).name})"
        except ValueError:
            how = f" (signal {-exitcode})"
    elif exitcode:
        how = f" (exit code {exitcode})"
    return (f"not checked: the worker process died while checking this file{how}: a crash in "
            "the parser or out of memory; the other files were checked")


# --- in the worker ---------------------------------------------------------------------

def _worker_main(connection: Any, parent_pid: int, initializer: Callable[..., None],
                 initargs: tuple) -> None:
    _die_with_parent(parent_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _release_stdout()
    initializer(*initargs)
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if message is None:
            return
        index, function, item = message
        try:
            result = function(item)
        except Exception as error:  # noqa: BLE001 - a bug of ours costs only this file
            result = Failure(f"internal error while checking ({type(error).__name__}: {error}); "
                             "please report it")
        try:
            connection.send((index, result))
        except OSError:
            return


def _die_with_parent(parent_pid: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent_pid:  # the parent died before the line above
        os._exit(1)


def _release_stdout() -> None:
    # the caller reads our parent's stdout to its end: a worker must not keep it open
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass
